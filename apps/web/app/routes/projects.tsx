// /projects: the list of the organization's projects.
import type { Route } from './+types/projects';
import { PageHeader } from '../components/page-header';

export const meta: Route.MetaFunction = () => [{ title: 'Projects · Teamplan' }];

export default function Projects() {
  return (
    <PageHeader
      title="Projects"
      description="Every project of the organization: status, client, dates, people and planned hours."
    />
  );
}
