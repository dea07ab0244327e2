// /projects: every project with its people and planned hours, searchable, sortable and filterable; project managers
// create new ones here.
import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFolderOff, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { data, redirect } from 'react-router';
import type { Route } from './+types/projects';
import { PageHeader } from '../ui/page-header';
import { createProject } from '../features/projects/project-actions.server';
import {
  clientsOf,
  DEFAULT_FILTERS,
  filterProjects,
  type ProjectFilters,
  type SortKey,
} from '../features/projects/project-filters';
import { ProjectFormModal } from '../features/projects/project-form-modal';
import { PROJECT_LIST_COLUMNS } from '../features/projects/project-schema';
import { ProjectsTable } from '../features/projects/projects-table';
import { ProjectsToolbar } from '../features/projects/projects-toolbar';
import { useAuth } from '../session/auth-provider';
import { failed } from '../lib/action-result';
import { flashPopupCookie } from '../session/flash-popup.server';
import { supabaseContext } from '../session/request-context.server';

export async function loader({ context }: Route.LoaderArgs) {
  // One request: the view carries each project's people and planned hours, so 300 projects are still one query.
  const { data: projects, error } = await context
    .get(supabaseContext)
    .from('project_summaries')
    .select(PROJECT_LIST_COLUMNS)
    .order('name');
  if (error) throw new Error(`Could not load projects: ${error.message}`);
  return { projects: projects ?? [] };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get('intent') !== 'create-project') return data(failed('unknown', 'This form is not known here.'), 400);
  const result = await createProject(context.get(supabaseContext), form);
  if (!result.ok || !result.id) return data(result, result.fieldErrors ? 422 : 400);
  // On to the new project, with the success popup handed over.
  throw redirect(`/projects/${result.id}`, { headers: { 'Set-Cookie': await flashPopupCookie(result.popup!) } });
}

export const meta: Route.MetaFunction = () => [{ title: 'Projects · Teamplan' }];

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { projects } = loaderData;
  const { permissions } = useAuth();
  const canManage = permissions.can_manage_projects;
  const [filters, setFilters] = useState<ProjectFilters>(DEFAULT_FILTERS);
  const [creating, setCreating] = useState(false);
  const shown = useMemo(() => filterProjects(projects, filters), [projects, filters]);
  const clients = useMemo(() => clientsOf(projects), [projects]);
  const update = (change: Partial<ProjectFilters>) => setFilters((current) => ({ ...current, ...change }));
  const sortBy = (sort: SortKey) =>
    update({ sort, direction: filters.sort === sort && filters.direction === 'asc' ? 'desc' : 'asc' });
  const hiddenArchived = projects.filter((project) => project.archived).length;

  return (
    <>
      <Group justify="space-between" align="flex-start">
        <PageHeader
          title="Projects"
          description="Every project of the organization: status, client, dates, people and planned hours."
        />
        {canManage ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            New project
          </Button>
        ) : null}
      </Group>
      {projects.length === 0 ? (
        <EmptyState canManage={canManage} onCreate={() => setCreating(true)} />
      ) : (
        <>
          <ProjectsToolbar filters={filters} clients={clients} onChange={update} />
          <Text size="sm" c="dimmed" mb="xs" aria-live="polite">
            {shown.length} of {projects.length} projects shown
            {!filters.showArchived && hiddenArchived > 0 ? ` · ${hiddenArchived} archived hidden` : ''}
          </Text>
          {shown.length > 0 ? (
            <ProjectsTable projects={shown} filters={filters} onSort={sortBy} />
          ) : (
            <Paper withBorder p="lg">
              <Text>No project matches these filters.</Text>
              <Button variant="subtle" px={0} onClick={() => setFilters({ ...DEFAULT_FILTERS, showArchived: true })}>
                Clear the filters and show archived projects
              </Button>
            </Paper>
          )}
        </>
      )}
      <ProjectFormModal opened={creating} onClose={() => setCreating(false)} clients={clients} action="/projects" />
    </>
  );
}

function EmptyState({ canManage, onCreate }: { canManage: boolean; onCreate: () => void }) {
  return (
    <Paper withBorder p="xl">
      <Stack align="center" gap="xs">
        <ThemeIcon size="xl" variant="light" radius="xl" aria-hidden>
          <IconFolderOff size={24} />
        </ThemeIcon>
        <Text fw={600}>No projects yet</Text>
        <Text c="dimmed" ta="center" maw={440}>
          {canManage
            ? 'Create the first project, then plan who works on it and when.'
            : 'A project manager has not created any project yet. Ask one to add the projects you work on.'}
        </Text>
        {canManage ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onCreate} mt="sm">
            Create the first project
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
