// The planner: loads the plan for the range in one request, filters it, and turns drags, clicks and keys into
// saved changes to allocations (with undo), the figures always coming back from the database.
import { Center, Group, Loader, Title } from '@mantine/core';
import { lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { DialogState } from './allocation-dialog';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useOpenedOnce } from '../../ui/use-opened-once';
import { PlannerAgenda } from './planner-agenda';
import { PlannerGrid } from './planner-grid';
import { ProjectPlan } from './project-plan';
import { projectPlanRows } from './project-rows';
import { PlannerNotice } from './planner-notice';
import { PlannerToolbar, type Filters } from './planner-toolbar';
import { ShortcutsDialog } from './shortcuts-dialog';
import {
  asAllocation,
  useAllocationChanges,
  type AllocationFields,
  type PlannerConflict,
} from './use-allocation-changes';
import { usePlannerQuery } from './use-planner-query';
import { usePhoneScreen } from './use-phone-screen';
import { usePlannerView } from './use-planner-view';
import type { GridActions, GridFocus } from './use-grid-keyboard';
import { usePopup } from '../../ui/popup-provider';
import { getBrowserSupabase } from '../../session/supabase.browser';
import { loadBrowserSupabase } from '../../session/supabase.lazy';
import { loadPlannerData, personName, type Allocation, type PlannerData, type Project } from './planner-data';
import { formatDate } from '../../lib/dates';
import { csvFileName, planToCsv } from './planner-csv';
import { buildRows, periodIndexOf } from './planner-layout';
import { markNow, PLANNER_MARKS } from './planner-marks';
import { visiblePeople } from './planner-filters';
import { useLivePlan } from '../live/use-live-plan';
import { onPage } from '../live/viewers-of';
import { Viewers } from '../live/viewers';
import { LiveEditingProvider } from '../live/live-editing';
import { ConflictDialog, DeleteAfterChangeMessage } from '../allocations/conflict-dialog';
import type { Names } from '../allocations/allocation-conflict';

const NO_FILTERS: Filters = { search: '', jobTitle: null, projectId: null };

// The allocation dialog (its date inputs, its checks) is not part of the page's first load: it is asked for at the
// first press of a pointer or a key, which comes before any way of opening it, and rendered once it has been opened.
const loadAllocationDialog = () => import('./allocation-dialog');
const AllocationDialog = lazy(() => loadAllocationDialog().then((module) => ({ default: module.AllocationDialog })));

export function Planner({ canEdit, title }: { canEdit: boolean; title: string }) {
  const showPopup = usePopup();
  const screen = usePhoneScreen();
  const phone = screen === true;
  const { query, setZoom, setMonths, shift, setIncludeTentative } = usePlannerQuery(phone);
  const [agendaPerson, setAgendaPerson] = useState<string | null>(null);
  const [data, setData] = useState<PlannerData | null>(null);
  const [allocations, setAllocations] = useState<Allocation[]>([]);
  // The query whose plan could not be loaded: a new query starts without the failure.
  const [failedQuery, setFailedQuery] = useState<typeof query | null>(null);
  const failed = failedQuery === query;
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const { view, isExpanded, toggle, expand, setExpandAll, change: changeView } = usePlannerView();
  const [focus, setFocus] = useState<GridFocus>({ key: null, col: -1, serial: 0 });
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const dialogUsed = useOpenedOnce(dialog !== null);
  useEffect(() => {
    const load = () => void loadAllocationDialog();
    const options = { capture: true, once: true };
    window.addEventListener('pointerdown', load, options);
    window.addEventListener('keydown', load, options);
    return () => {
      window.removeEventListener('pointerdown', load, options);
      window.removeEventListener('keydown', load, options);
    };
  }, []);
  const [deleting, setDeleting] = useState<Allocation | null>(null);
  const deleteUsed = useOpenedOnce(deleting !== null);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const shortcutsUsed = useOpenedOnce(shortcutsOpen);
  const [status, setStatus] = useState('');
  // A bar this person is dragging, and a change of theirs refused because someone else saved first (to choose).
  const [dragging, setDragging] = useState<string | null>(null);
  const [conflict, setConflict] = useState<PlannerConflict | null>(null);
  const conflictUsed = useOpenedOnce(conflict !== null);

  /** Loads the plan again; `stillWanted` is asked once it has arrived, before it replaces what is on screen. */
  const reload = useCallback(
    async (stillWanted: () => boolean = () => true) => {
      const next = await loadPlannerData(getBrowserSupabase(), query);
      if (!stillWanted()) return;
      setData(next);
      setAllocations(next.allocations);
    },
    [query],
  );

  useEffect(() => {
    if (screen === undefined) return;
    let current = true;
    // The client is created in tasks of its own (supabase.lazy.ts), not in the one that finishes hydrating the page.
    loadBrowserSupabase()
      .then((supabase) => loadPlannerData(supabase, query))
      .then((next) => {
        if (!current) return;
        markNow(PLANNER_MARKS.dataLoaded);
        // A transition: the plan is drawn in slices between which the page still answers input.
        startTransition(() => {
          setData(next);
          setAllocations(next.allocations);
        });
      })
      .catch(() => current && setFailedQuery(query));
    return () => {
      current = false;
    };
  }, [query, screen]);

  const changes = useAllocationChanges({
    supabase: getBrowserSupabase,
    allocations,
    setAllocations,
    reload: async (stillWanted) => {
      await reload(stillWanted).catch(() => undefined);
    },
    showPopup,
    onConflict: setConflict,
  });
  // What others change appears here too; never over a change of this page that is still being saved. Others see
  // which allocation this person has open, drags or is deciding about.
  const viewers = useLivePlan({
    page: 'planner',
    editing: conflict?.current.theirs.id ?? dialog?.id ?? dragging,
    onChange: () => void reload(() => !changes.saving()).catch(() => undefined),
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
      if (inField) return;
      if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        undo();
      } else if (event.key === '?') {
        event.preventDefault();
        setShortcutsOpen(true);
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
  const rows = useMemo(
    () => buildRows(people, allocationsByPerson, isExpanded, view.compact),
    [people, allocationsByPerson, isExpanded, view.compact],
  );
  const projectRows = useMemo(
    () =>
      data && view.rows === 'projects'
        ? projectPlanRows(data.projects, data.periods, people, allocations, filters.projectId)
        : [],
    [data, view.rows, people, allocations, filters.projectId],
  );
  const names: Names = useMemo(
    () => ({
      project: (id) => projectsById.get(id)?.name,
      person: (id) => {
        const person = data?.people.find((p) => p.id === id);
        return person ? personName(person) : undefined;
      },
    }),
    [projectsById, data],
  );
  const jobTitles = useMemo(
    () => [...new Set((data?.people ?? []).map((p) => p.job_title?.trim()).filter((t): t is string => !!t))].sort(),
    [data],
  );

  /** Moves the page's focus to a row of the grid (by its key), and to a period in it. */
  const focusRow = useCallback(
    (key: string, fallbackKey: string, col: number) =>
      setFocus((now) => ({ key, fallbackKey, col, serial: now.serial + 1 })),
    [],
  );

  const actions: GridActions = useMemo(
    () => ({
      toggle,
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
      openAt: (personId, col) => {
        expand(personId);
        const period = data?.periods[col];
        const lane = (allocationsByPerson.get(personId) ?? []).find(
          (allocation) => period && allocation.start_date <= period.end && allocation.end_date >= period.start,
        );
        focusRow(lane ? `a:${lane.id}` : `n:${personId}`, `p:${personId}`, col);
      },
    }),
    [data, canEdit, filters.projectId, changes, track, toggle, expand, allocationsByPerson, focusRow],
  );

  const save = (state: DialogState, values: AllocationFields) => {
    setDialog(null);
    if (state.mode === 'create') {
      expand(values.user_id);
      void track(changes.create(values));
      // Made from the version the dialog was opened at, however long it stayed open.
    } else if (state.id) void track(changes.update(state.id, { ...values, updated_at: state.values.updated_at }));
  };
  /** Deletes; once the asking dialog has gone, the focus goes to the person's next bar (or the one before, or their row). */
  const [afterDelete, setAfterDelete] = useState<(() => void) | null>(null);
  const remove = (id: string) => {
    const gone = allocations.find((allocation) => allocation.id === id);
    // Deleted only as it was when the dialog or the question opened: the plan may have reloaded someone else's
    // change meanwhile, and then the person is asked first.
    const seen = dialog?.id === id ? { id, ...dialog.values } : deleting?.id === id ? deleting : undefined;
    setDialog(null);
    // Asked from the keyboard (Delete on a bar): the focus must not be lost with the bar.
    const fromKeyboard = deleting !== null;
    setDeleting(null);
    if (gone && fromKeyboard) {
      const lanes = allocationsByPerson.get(gone.user_id) ?? [];
      const at = lanes.findIndex((allocation) => allocation.id === id);
      const neighbour = lanes[at + 1] ?? lanes[at - 1];
      // On the neighbour's bar: its first period in the range.
      const col = neighbour && data ? periodIndexOf(data.periods, neighbour.start_date) : -1;
      setAfterDelete(
        () => () =>
          focusRow(neighbour ? `a:${neighbour.id}` : `p:${gone.user_id}`, `p:${gone.user_id}`, neighbour ? col : -1),
      );
    }
    void track(changes.remove(id, seen));
  };
  /** Someone else saved first: save this person's values over theirs, or delete their version after all. */
  const overrule = () => {
    if (!conflict) return;
    setConflict(null);
    const theirs = asAllocation(conflict.current);
    if (conflict.kind === 'delete') return void track(changes.remove(theirs.id, theirs));
    const { id, updated_at: _version, ...mine } = conflict.mine;
    void track(changes.update(id, mine, theirs));
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
    <LiveEditingProvider viewers={viewers} onDragging={setDragging}>
      <PlannerToolbar
        heading={
          <Group gap="xs" wrap="nowrap" mr="xs">
            <Title order={1} size="h3" style={{ whiteSpace: 'nowrap' }}>
              {title}
            </Title>
            <Viewers viewers={onPage(viewers, 'planner')} />
          </Group>
        }
        phone={phone}
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
        view={view}
        onZoom={setZoom}
        onMonths={setMonths}
        onShift={shift}
        onIncludeTentative={setIncludeTentative}
        onFilters={setFilters}
        onUndo={undo}
        onExport={exportCsv}
        onView={changeView}
        onExpandAll={setExpandAll}
        onShortcuts={() => setShortcutsOpen(true)}
      />
      <PlannerNotice
        data={data}
        allocations={allocations}
        failed={failed}
        shownPeople={people.length}
        onClear={() => setFilters(NO_FILTERS)}
      />
      {data && people.length > 0 && phone && (
        <PlannerAgenda
          people={people}
          personId={agendaPerson}
          onPerson={setAgendaPerson}
          periods={data.periods}
          allocationsByPerson={allocationsByPerson}
          projectsById={projectsById}
          editable={canEdit}
          onEdit={actions.edit}
          onAdd={(person, period) =>
            actions.create(
              { kind: 'add', key: `n:${person.id}`, person },
              data.periods.indexOf(period),
              data.periods.indexOf(period),
            )
          }
        />
      )}
      {data && people.length > 0 && !phone && view.rows === 'projects' && (
        <ProjectPlan
          rows={projectRows}
          periods={data.periods}
          zoom={data.period}
          isExpanded={isExpanded}
          onToggle={toggle}
          onOpen={actions.edit}
        />
      )}
      {data && people.length > 0 && !phone && view.rows !== 'projects' && (
        <PlannerGrid
          key={`${data.period}`}
          periods={data.periods}
          zoom={data.period}
          rows={rows}
          projectsById={projectsById}
          allocationsByPerson={allocationsByPerson}
          isExpanded={isExpanded}
          editable={canEdit}
          actions={actions}
          focus={focus}
          onFocus={setFocus}
        />
      )}
      {!data && !failed && (
        <Center h={300}>
          <Loader aria-label="Loading the plan" />
        </Center>
      )}
      {dialogUsed ? (
        <Suspense fallback={null}>
          <AllocationDialog
            state={dialog}
            projects={data?.projects ?? []}
            onClose={() => setDialog(null)}
            onSave={save}
            onDelete={remove}
          />
        </Suspense>
      ) : null}
      {/* Dialogs are made when first opened: made closed with the page, each would set up its portal as it hydrates. */}
      {deleteUsed ? (
        <ConfirmDialog
          opened={deleting !== null}
          onClose={() => setDeleting(null)}
          title="Delete allocation"
          message={deleting ? deleteQuestion(deleting, projectsById) : ''}
          onConfirm={() => deleting && remove(deleting.id)}
          focus="confirm"
          returnFocus={false}
          afterClose={() => {
            afterDelete?.();
            setAfterDelete(null);
          }}
        />
      ) : null}
      {shortcutsUsed ? <ShortcutsDialog opened={shortcutsOpen} onClose={() => setShortcutsOpen(false)} /> : null}
      {conflictUsed ? (
        <>
          <ConflictDialog
            conflict={conflict?.kind === 'update' ? conflict.current : null}
            mine={conflict?.kind === 'update' ? conflict.mine : null}
            names={names}
            onKeepMine={overrule}
            onTakeTheirs={() => setConflict(null)}
          />
          <ConfirmDialog
            opened={conflict?.kind === 'delete'}
            onClose={() => setConflict(null)}
            title="Delete allocation"
            message={
              conflict?.kind === 'delete' ? (
                <DeleteAfterChangeMessage conflict={conflict.current} seen={conflict.seen} names={names} />
              ) : (
                ''
              )
            }
            confirmLabel="Delete anyway"
            onConfirm={overrule}
          />
        </>
      ) : null}
    </LiveEditingProvider>
  );
}

/** Asked before a bar is deleted from the keyboard (Delete on a focused bar). */
function deleteQuestion(allocation: Allocation, projectsById: Map<string, Project>): string {
  const project = projectsById.get(allocation.project_id)?.name ?? 'this project';
  return `Delete the allocation to ${project} from ${formatDate(allocation.start_date)} to ${formatDate(allocation.end_date)}? You can undo it right after.`;
}
