// /projects/:id: one project. An id that is not a UUID, or names no visible project, answers 404.
import { Text } from '@mantine/core';
import { data } from 'react-router';
import type { Route } from './+types/project';
import { PageHeader } from '../components/page-header';
import { isMissingTableError, isValidProjectId } from '../utils/project-id';
import { supabaseContext } from '../utils/request-context.server';

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

export async function loader({ params, context }: Route.LoaderArgs) {
  // Route validation: checked before the session, so a malformed id is a 404 for everyone.
  if (!isValidProjectId(params.id)) throw notFound();
  const { data: project, error } = await context
    .get(supabaseContext)
    .from('projects')
    .select('id,name')
    .eq('id', params.id)
    .maybeSingle<{ id: string; name: string }>();
  // Before the projects table exists no project can; any other failure is a real error (500).
  if (error && !isMissingTableError(error)) throw new Error(`Could not load project ${params.id}: ${error.message}`);
  if (!project) throw notFound();
  return { project };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.project.name} · Teamplan` : 'Project · Teamplan' },
];

export default function Project({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={loaderData.project.name} description="The project, its team and their allocations." />
      <Text c="dimmed">Project id: {loaderData.project.id}</Text>
    </>
  );
}
