// /user-allocations: the planner of people by period, for those who can manage projects.
import type { Route } from './+types/user-allocations';
import { PageHeader } from '../ui/page-header';
import { Planner } from '../features/planner/planner';
import { useAuth } from '../session/auth-provider';
import { requirePermissionInBrowser } from '../session/guards.browser';
import { requirePermission } from '../session/guards.server';

export const middleware: Route.MiddlewareFunction[] = [requirePermission('can_manage_projects')];
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [requirePermissionInBrowser('can_manage_projects')];

// A loader makes client navigations ask the server, so the guard above runs there as well.
export function loader() {
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: 'User allocations · Teamplan' }];

export default function UserAllocations() {
  const canEdit = useAuth().permissions.can_manage_projects;
  return (
    <>
      <PageHeader
        title="User allocations"
        description="Who works on which project, and how much: each person's utilization per period, over-allocation in red. Open a person's row to plan their work."
      />
      <Planner canEdit={canEdit} />
    </>
  );
}
