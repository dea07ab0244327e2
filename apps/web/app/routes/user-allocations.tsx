// /user-allocations: the planner of people by period, for those who can manage projects (see session/page-access.ts).
import type { Route } from './+types/user-allocations';
import { PageHeader } from '../ui/page-header';
import { Planner } from '../features/planner/planner';
import { useAuth } from '../session/auth-provider';

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
