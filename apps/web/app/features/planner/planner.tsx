// The planner: loads the plan for the range in one request, filters it, and turns drags, clicks and keys into
// saved changes to allocations (with undo), the figures always coming back from the database.
import { Alert, Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { AllocationDialog, type DialogState } from './allocation-dialog';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { PlannerGrid } from './planner-grid';
import { PlannerToolbar, type Filters } from './planner-toolbar';
import { useAllocationChanges, type AllocationFields } from './use-allocation-changes';
import { usePlannerQuery } from './use-planner-query';
import type { GridActions } from './use-grid-keyboard';
import { usePopup } from '../../ui/popup-provider';
import { getBrowserSupabase } from '../../session/supabase.browser';
import { loadPlannerData, personName, type Allocation, type PlannerData, type Project } from './planner-data';
import { formatDate } from '../../lib/dates';
import { csvFileName, planToCsv } from './planner-csv';
import { buildRows } from './planner-layout';
import { markNow, PLANNER_MARKS } from './planner-marks';
import { visiblePeople } from './planner-filters';

const NO_FILTERS: Filters = { search: '', jobTitle: null, projectId: null };

export function Planner({ canEdit }: { canEdit: boolean }) {
  const showPopup = usePopup();
  const { query, setZoom, setMonths, shift, setIncludeTentative } = usePlannerQuery();
  const [data, setData] = useState<PlannerData | null>(null);
  const [allocations, setAllocations] = useState<Allocation[]>([]);
  // The query whose plan could not be loaded: a new query starts without the failure.
  const [failedQuery, setFailedQuery] = useState<typeof query | null>(null);
  const failed = failedQuery === query;
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [deleting, setDeleting] = useState<Allocation | null>(null);
  const [status, setStatus] = useState('');

  const reload = useCallback(async () => {
    const next = await loadPlannerData(getBrowserSupabase(), query);
    setData(next);
    setAllocations(next.allocations);
  }, [query]);

  useEffect(() => {
    let current = true;
    loadPlannerData(getBrowserSupabase(), query)
      .then((next) => {
        if (!current) return;
        markNow(PLANNER_MARKS.dataLoaded);
        setData(next);
        setAllocations(next.allocations);
      })
      .catch(() => current && setFailedQuery(query));
    return () => {
      current = false;
    };
  }, [query]);

  const supabase = useMemo(() => (typeof window === 'undefined' ? null : getBrowserSupabase()), []);
  const changes = useAllocationChanges({
    supabase: supabase!,
    allocations,
    setAllocations,
    reload: async () => {
      await reload().catch(() => undefined);
    },
    showPopup,
  });
  const track = useCallback(async (saving: Promise<boolean>) => {
    setStatus('Saving…');
    setStatus((await saving) ? 'All changes saved' : 'The last change was not saved');
  }, []);

  const undo = useCallback(() => {
    if (changes.canUndo) void track(changes.undo());
  }, [changes, track]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const inField = (event.target as HTMLElement)?.closest('input, textarea, [role="dialog"]');
      if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === 'z' && !inField) {
        event.preventDefault();
        undo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo]);

  const projectsById = useMemo(() => new Map((data?.projects ?? []).map((p) => [p.id, p])), [data]);
  const people = useMemo(() => visiblePeople(data?.people ?? [], allocations, filters), [data, allocations, filters]);
  const allocationsByPerson = useMemo(() => {
    const map = new Map<string, Allocation[]>();
    const shown = filters.projectId ? allocations.filter((a) => a.project_id === filters.projectId) : allocations;
    for (const allocation of [...shown].sort((a, b) => a.start_date.localeCompare(b.start_date))) {
      map.set(allocation.user_id, [...(map.get(allocation.user_id) ?? []), allocation]);
    }
    return map;
  }, [allocations, filters.projectId]);
  const rows = useMemo(() => buildRows(people, allocationsByPerson, expanded), [people, allocationsByPerson, expanded]);
  const jobTitles = useMemo(
    () => [...new Set((data?.people ?? []).map((p) => p.job_title?.trim()).filter((t): t is string => !!t))].sort(),
    [data],
  );

  const actions: GridActions = useMemo(
    () => ({
      toggle: (personId) =>
        setExpanded((previous) => {
          const next = new Set(previous);
          if (!next.delete(personId)) next.add(personId);
          return next;
        }),
      create: (row, from, to) => {
        if (!data || !canEdit) return;
        const weekly = row.person.weekly_capacity_hours;
        setDialog({
          mode: 'create',
          personName: personName(row.person),
          values: {
            project_id: filters.projectId ?? '',
            user_id: row.person.id,
            start_date: data.periods[from].start,
            end_date: data.periods[to].end,
            hours_per_day: weekly > 0 ? Math.min(8, Math.round((weekly / 5) * 2) / 2) : 8,
            tentative: false,
            role: null,
            note: null,
          },
        });
      },
      edit: (allocation) => {
        const person = data?.people.find((p) => p.id === allocation.user_id);
        const { id, ...values } = allocation;
        setDialog({ mode: 'edit', id, personName: person ? personName(person) : '', values });
      },
      remove: (allocation) => setDeleting(allocation),
      changeDates: (allocation, start_date, end_date) =>
        void track(changes.update(allocation.id, { start_date, end_date })),
    }),
    [data, canEdit, filters.projectId, changes, track],
  );

  const save = (state: DialogState, values: AllocationFields) => {
    setDialog(null);
    if (state.mode === 'create') {
      setExpanded((previous) => new Set(previous).add(values.user_id));
      void track(changes.create(values));
    } else if (state.id) void track(changes.update(state.id, values));
  };
  const remove = (id: string) => {
    setDialog(null);
    setDeleting(null);
    void track(changes.remove(id));
  };
  const exportCsv = () => {
    if (!data) return;
    const blob = new Blob([planToCsv(people, data.periods)], { type: 'text/csv;charset=utf-8' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = csvFileName(data.from, data.to);
    link.click();
    URL.revokeObjectURL(link.href);
  };

  return (
    <>
      <PlannerToolbar
        from={data?.from ?? query.from}
        to={data?.to ?? query.to}
        zoom={query.zoom}
        months={query.months}
        includeTentative={query.includeTentative}
        filters={filters}
        jobTitles={jobTitles}
        projects={(data?.projects ?? []).map((p) => ({ value: p.id, label: p.name }))}
        canUndo={changes.canUndo}
        status={status}
        onZoom={setZoom}
        onMonths={setMonths}
        onShift={shift}
        onIncludeTentative={setIncludeTentative}
        onFilters={setFilters}
        onUndo={undo}
        onExport={exportCsv}
      />
      <PlannerNotice
        data={data}
        allocations={allocations}
        failed={failed}
        shownPeople={people.length}
        onClear={() => setFilters(NO_FILTERS)}
      />
      {data && people.length > 0 && (
        <PlannerGrid
          key={`${data.period}`}
          periods={data.periods}
          zoom={data.period}
          rows={rows}
          projectsById={projectsById}
          expanded={expanded}
          editable={canEdit}
          actions={actions}
        />
      )}
      {!data && !failed && (
        <Center h={300}>
          <Loader aria-label="Loading the plan" />
        </Center>
      )}
      <AllocationDialog
        state={dialog}
        projects={data?.projects ?? []}
        onClose={() => setDialog(null)}
        onSave={save}
        onDelete={remove}
      />
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete allocation"
        message={deleting ? deleteQuestion(deleting, projectsById) : ''}
        onConfirm={() => deleting && remove(deleting.id)}
        focus="confirm"
      />
    </>
  );
}

function PlannerNotice({
  data,
  allocations,
  failed,
  shownPeople,
  onClear,
}: {
  data: PlannerData | null;
  allocations: Allocation[];
  failed: boolean;
  shownPeople: number;
  onClear: () => void;
}) {
  if (failed) {
    return (
      <Alert color="red" title="The plan could not be loaded">
        Check your connection and reload the page.
      </Alert>
    );
  }
  if (!data) return null;
  if (data.people.length === 0) {
    return (
      <Alert color="blue" title="No people to plan yet">
        Invite your team from the{' '}
        <Anchor component={Link} to="/organization">
          Organization
        </Anchor>{' '}
        page; they appear here as soon as they join.
      </Alert>
    );
  }
  if (shownPeople === 0) {
    return (
      <Stack align="center" py="xl">
        <Text>No one matches these filters.</Text>
        <Button variant="light" onClick={onClear}>
          Clear filters
        </Button>
      </Stack>
    );
  }
  if (data.projects.length === 0) {
    return (
      <Alert color="blue" title="No projects yet" mb="sm">
        Create a project on the{' '}
        <Anchor component={Link} to="/projects">
          Projects
        </Anchor>{' '}
        page, then plan people onto it here.
      </Alert>
    );
  }
  if (allocations.length === 0) {
    return (
      <Alert color="blue" title="Nobody is planned in this range yet" mb="sm">
        Click a person&apos;s name to open their row, then drag across the days to allocate them to a project (or press
        Enter on a day). Use Earlier and Later to see other dates.
      </Alert>
    );
  }
  return null;
}

/** Asked before a bar is deleted from the keyboard (Delete on a focused bar). */
function deleteQuestion(allocation: Allocation, projectsById: Map<string, Project>): string {
  const project = projectsById.get(allocation.project_id)?.name ?? 'this project';
  return `Delete the allocation to ${project} from ${formatDate(allocation.start_date)} to ${formatDate(allocation.end_date)}? You can undo it right after.`;
}
