// /user-allocations: the planner of people by week, for those who can manage projects.
import { Alert } from '@mantine/core';
import type { Route } from './+types/user-allocations';
import { PageHeader } from '../components/page-header';
import { requirePermissionInBrowser } from '../utils/browser-guards';
import { requirePermission } from '../utils/guards.server';

export const middleware: Route.MiddlewareFunction[] = [requirePermission('can_manage_projects')];
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [requirePermissionInBrowser('can_manage_projects')];

// A loader makes client navigations ask the server, so the guard above runs there as well.
export function loader() {
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: 'User allocations · Teamplan' }];

export default function UserAllocations() {
  return (
    <>
      <PageHeader
        title="User allocations"
        description="Who works on which project, week by week: each person's utilization, with over-allocation flagged."
      />
      <Alert variant="light" color="blue" title="For project managers">
        Only members who can manage projects open this page.
      </Alert>
    </>
  );
}
