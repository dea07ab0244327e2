// /organization: organization settings and members, for those who can manage users.
import { Alert } from '@mantine/core';
import type { Route } from './+types/organization';
import { PageHeader } from '../components/page-header';
import { requirePermissionInBrowser } from '../utils/browser-guards';
import { requirePermission } from '../utils/guards.server';

export const middleware: Route.MiddlewareFunction[] = [requirePermission('can_manage_users')];
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [requirePermissionInBrowser('can_manage_users')];

// A loader makes client navigations ask the server, so the guard above runs there as well.
export function loader() {
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: 'Organization · Teamplan' }];

export default function Organization() {
  return (
    <>
      <PageHeader
        title="Organization"
        description="Organization settings, the members table with their permissions, invitations and capacity per person."
      />
      <Alert variant="light" color="blue" title="For user managers">
        Only members who can manage users open this page.
      </Alert>
    </>
  );
}
