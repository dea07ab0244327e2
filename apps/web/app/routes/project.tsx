// /projects/:id: one project — its facts, budget, team and the team's weeks. Project managers change the project
// and its allocations here. An id that is not a UUID, or names no visible project, answers 404.
import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { data, redirect } from 'react-router';
import { useLivePlan } from '../features/live/use-live-plan';
import { useRevalidateWhenIdle } from '../features/live/use-revalidate-when-idle';
import { onPage } from '../features/live/viewers-of';
import { Viewers } from '../features/live/viewers';
import { LiveEditingProvider } from '../features/live/live-editing';
import { DeleteAllocationDialog } from '../features/allocations/delete-allocation-dialog';
import type { AllocationActionResult, Names } from '../features/allocations/allocation-conflict';
import type { Route } from './+types/project';
import { deleteAllocation, saveAllocation } from '../features/allocations/allocation-actions.server';
import { AllocationFormModal } from '../features/allocations/allocation-form-modal';
import { ALLOCATION_COLUMNS, type AllocationRow } from '../features/allocations/allocation-row';
import { newAllocationDates, type AllocationDraft } from '../features/allocations/allocation-draft';
import { ConfirmFormDialog } from '../ui/confirm-dialog';
import { loadPeople, loadWeekStart } from '../features/allocations/people.server';
import { TeamTable } from '../features/allocations/team-table';
import { TeamTimeline } from '../features/allocations/team-timeline';
import { PageHeader } from '../ui/page-header';
import { deleteProject, updateProject } from '../features/projects/project-actions.server';
import { ProjectFormModal } from '../features/projects/project-form-modal';
import { ProjectOverview } from '../features/projects/project-overview';
import { allocationsOutside } from '../features/projects/allocations-outside';
import { PROJECT_SUMMARY_COLUMNS, type ProjectSummary } from '../features/projects/project-schema';
import { useAuth } from '../session/auth-provider';
import { failed } from '../lib/action-result';
import { flashPopupCookie } from '../session/flash-popup.server';
import { isMissingTableError } from '../lib/data-errors';
import { isValidProjectId } from '../lib/route-validation';
import { getRequestPermissions, supabaseContext } from '../session/request-context.server';
import { countOf } from '../lib/plural';
import { formatRange, todayIso } from '../lib/dates';
import { ProjectFiles } from '../features/files/project-files';
import { loadProjectFiles } from '../features/files/project-files.server';

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

export async function loader({ params, context }: Route.LoaderArgs) {
  // Route validation: checked before the session, so a malformed id is a 404 for everyone.
  if (!isValidProjectId(params.id)) throw notFound();
  const supabase = context.get(supabaseContext);
  const { data: project, error } = await supabase
    .from('project_summaries')
    .select(PROJECT_SUMMARY_COLUMNS)
    .eq('id', params.id)
    .maybeSingle<ProjectSummary>();
  // Before the projects table exists no project can; any other failure is a real error (500).
  if (error && !isMissingTableError(error)) throw new Error(`Could not load project ${params.id}: ${error.message}`);
  if (!project) throw notFound();
  const permissions = await getRequestPermissions(context);
  const [allocations, people, weekStart, files] = await Promise.all([
    supabase
      .from('allocations')
      .select(ALLOCATION_COLUMNS)
      .eq('project_id', project.id)
      .order('start_date')
      .order('end_date'),
    // Only planners pick people; everyone else reads the names embedded in the allocations.
    permissions?.can_manage_projects ? loadPeople(supabase) : Promise.resolve([]),
    loadWeekStart(supabase),
    loadProjectFiles(supabase, project.id),
  ]);
  if (allocations.error) throw new Error(`Could not load the team of ${project.id}: ${allocations.error.message}`);
  return { project, allocations: allocations.data, people, weekStart, files };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!isValidProjectId(params.id)) throw notFound();
  const supabase = context.get(supabaseContext);
  const form = await request.formData();
  let result: AllocationActionResult;
  switch (form.get('intent')) {
    case 'update-project':
      result = await updateProject(supabase, params.id, form);
      break;
    case 'delete-project':
      result = await deleteProject(supabase, params.id);
      if (result.ok) throw redirect('/projects', { headers: { 'Set-Cookie': await flashPopupCookie(result.popup!) } });
      break;
    case 'save-allocation':
      result = await saveAllocation(supabase, form);
      break;
    case 'delete-allocation':
      result = await deleteAllocation(supabase, form);
      break;
    default:
      result = failed('unknown', 'This form is not known here.');
  }
  return data(result, result.ok ? 200 : result.conflict ? 409 : result.fieldErrors ? 422 : 400);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.project.name} · Teamplan` : 'Project · Teamplan' },
];

type Dialog =
  | { kind: 'edit-project' }
  | { kind: 'delete-project' }
  | { kind: 'allocation'; allocation: AllocationDraft }
  | { kind: 'delete-allocation'; allocation: AllocationRow }
  | null;

export default function Project({ loaderData }: Route.ComponentProps) {
  const { project, allocations, people, weekStart, files } = loaderData;
  const canManage = useAuth().permissions.can_manage_projects;
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const action = `/projects/${project.id}`;
  const newAllocation: AllocationDraft = { project_id: project.id, ...newAllocationDates(project, todayIso()) };
  const outside = allocationsOutside(allocations, project.start_date, project.end_date);
  const outsideRows = [...outside.partly, ...outside.wholly].sort((a, b) => a.start_date.localeCompare(b.start_date));
  const page = `project:${project.id}`;
  const reload = useRevalidateWhenIdle();
  // Others see which allocation this person has open in the form.
  const editing = dialog?.kind === 'allocation' ? (dialog.allocation.id ?? null) : null;
  const viewers = useLivePlan({ page, editing, onChange: reload });
  const names: Names = {
    project: (id) => (id === project.id ? project.name : undefined),
    person: (id) =>
      people.find((person) => person.id === id)?.full_name ||
      allocations.find((allocation) => allocation.user_id === id)?.profiles?.full_name ||
      undefined,
  };

  return (
    <LiveEditingProvider viewers={viewers}>
      <Group justify="space-between" align="flex-start">
        <PageHeader
          title={project.name}
          description={project.client ? `Client: ${project.client}` : 'The project, its team and their allocations.'}
        />
        <Group gap="xs">
          <Viewers viewers={onPage(viewers, page)} />
          {canManage ? (
            <>
              <Button
                variant="default"
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={() => setDialog({ kind: 'edit-project' })}
              >
                Edit project
              </Button>
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setDialog({ kind: 'delete-project' })}
              >
                Delete project
              </Button>
            </>
          ) : null}
        </Group>
      </Group>
      <ProjectOverview project={project} />
      {project.description ? (
        <Paper withBorder p="md" mb="lg">
          <Title order={2} size="h4" mb="xs">
            Description
          </Title>
          <Text style={{ whiteSpace: 'pre-line' }}>{project.description}</Text>
        </Paper>
      ) : null}
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3">
          Team
        </Title>
        {canManage ? (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setDialog({ kind: 'allocation', allocation: newAllocation })}
          >
            New allocation
          </Button>
        ) : null}
      </Group>
      {allocations.length === 0 ? (
        <Paper withBorder p="lg">
          <Text>Nobody is allocated to this project yet.</Text>
          <Text size="sm" c="dimmed">
            {canManage
              ? 'Add an allocation to plan who works on it, when and how many hours a day.'
              : 'A project manager plans who works on it.'}
          </Text>
        </Paper>
      ) : (
        <Stack gap="lg">
          {outsideRows.length > 0 ? (
            <Alert color="yellow" variant="light" title="Outside the project's dates" data-testid="outside-dates">
              <Text size="sm" mb={4}>
                {countOf(outsideRows.length, 'allocation')} {outsideRows.length === 1 ? 'falls' : 'fall'} outside{' '}
                {formatRange(project.start_date, project.end_date)}:
              </Text>
              <List size="sm">
                {outsideRows.map((allocation) => (
                  <List.Item key={allocation.id}>
                    {allocation.profiles?.full_name || 'Unnamed'},{' '}
                    {formatRange(allocation.start_date, allocation.end_date)}
                  </List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
          <TeamTable
            allocations={allocations}
            onEdit={canManage ? (allocation) => setDialog({ kind: 'allocation', allocation }) : undefined}
            onDelete={canManage ? (allocation) => setDialog({ kind: 'delete-allocation', allocation }) : undefined}
          />
          <div>
            <Title order={2} size="h3" mb="sm">
              Timeline
            </Title>
            <TeamTimeline allocations={allocations} color={project.color} weekStart={weekStart} />
          </div>
        </Stack>
      )}
      <ProjectFiles projectId={project.id} files={files} canManage={canManage} />
      {canManage ? (
        <>
          <ProjectFormModal
            opened={dialog?.kind === 'edit-project'}
            onClose={close}
            project={project}
            clients={project.client ? [project.client] : []}
            action={action}
            allocations={allocations}
          />
          <ConfirmFormDialog
            opened={dialog?.kind === 'delete-project'}
            onClose={close}
            title="Delete project"
            message={`Delete "${project.name}", its ${countOf(allocations.length, 'allocation')} and its ${countOf(files.length, 'file')}? This cannot be undone.`}
            action={action}
            intent="delete-project"
          />
          <AllocationFormModal
            opened={dialog?.kind === 'allocation'}
            onClose={close}
            allocation={dialog?.kind === 'allocation' ? dialog.allocation : undefined}
            projectName={project.name}
            people={people}
            action={action}
            names={names}
          />
          <DeleteAllocationDialog
            allocation={dialog?.kind === 'delete-allocation' ? dialog.allocation : null}
            onClose={close}
            action={action}
            names={names}
          />
        </>
      ) : null}
    </LiveEditingProvider>
  );
}
