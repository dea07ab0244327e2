// /user-allocations: the planner of people by period, for those who can manage projects (see session/page-access.ts).
import type { Route } from './+types/user-allocations';
import { Planner } from '../features/planner/planner';
import { useAuth } from '../session/auth-provider';

export const meta: Route.MetaFunction = () => [{ title: 'User allocations · Teamplan' }];

export default function UserAllocations() {
  const canEdit = useAuth().permissions.can_manage_projects;
  return (
    // The planner puts its heading into its toolbar, so that the grid starts high on the screen.
    <Planner canEdit={canEdit} title="User allocations" />
  );
}
