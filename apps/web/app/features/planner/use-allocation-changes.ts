// Changes to allocations from the planner: shown at once (optimistic), saved to the backend one after another,
// rolled back with the backend's reason when refused, and undoable (the inverse of the last saved change). A change
// refused because someone else saved first is handed to the planner with their version and name, to choose.
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { PopupRequest } from '../../lib/popup-store';
import type { Allocation } from './planner-data';
import { AllocationVersions } from './allocation-versions';
import { describeDataError } from '../../lib/data-errors';
import type { TypedSupabaseClient } from '../../types/supabase';
import { changedSentence, type AllocationConflict } from '../allocations/allocation-conflict';
import { readConflict } from '../allocations/allocation-conflict-read';

/** A change that matched no row: someone deleted the allocation, or the person lost the right to change it. */
const GONE_MESSAGE =
  'This allocation no longer exists or you may no longer change it. Reload the page to see the current plan.';
/** A change made from a version someone else has changed since: refused, so that nobody's work is silently lost. */
const CHANGED_MESSAGE =
  'Someone else changed this allocation since you loaded it, so your change was not saved. The plan now shows ' +
  'their version: make your change again if it still applies.';
const CHANGED_BEFORE_DELETE_MESSAGE =
  'Someone else changed this allocation since you loaded it, so it was not deleted. The plan now shows their ' +
  'version: delete it again if you still want to.';

/** Undo never puts back an old version over someone else's later change. */
const notUndone = (conflict: AllocationConflict) =>
  `${changedSentence(conflict)}, after your change, so your change was not undone. The plan now shows their version.`;

export type AllocationFields = Omit<Allocation, 'id'>;

/** A change of this person refused because someone else saved the allocation first, with their version. */
export type PlannerConflict =
  | { kind: 'update'; mine: Allocation; current: AllocationConflict }
  | { kind: 'delete'; seen: Allocation; current: AllocationConflict };

/** Their version as the planner holds allocations. */
export function asAllocation({ theirs }: AllocationConflict): Allocation {
  return { ...theirs, hours_per_day: Number(theirs.hours_per_day) };
}

type Change =
  | { kind: 'create'; after: Allocation }
  | { kind: 'update'; before: Allocation; after: Allocation }
  | { kind: 'delete'; before: Allocation };

const COLUMNS = 'id, project_id, user_id, start_date, end_date, hours_per_day, tentative, role, note, updated_at';

class Refused extends Error {
  /**
   * `stale`: the plan on screen is out of date and is loaded again to show what is stored; `conflict`: the version
   * someone else saved first, and who.
   */
  constructor(
    readonly reason: string,
    readonly stale = false,
    readonly conflict: AllocationConflict | null = null,
  ) {
    super(reason);
  }
}

/** Refused because the allocation changed since: their version when it can still be read, else gone. */
async function refusedAsStale(supabase: TypedSupabaseClient, id: string, reason: string): Promise<Refused> {
  const conflict = await readConflict(supabase, id);
  return conflict ? new Refused(reason, true, conflict) : new Refused(GONE_MESSAGE, true);
}

function fieldsOf(allocation: Allocation): AllocationFields {
  const { id: _id, updated_at: _version, ...fields } = allocation;
  return fields;
}

interface Options {
  /** The browser's client, asked for when a change is saved: creating it is no part of drawing the page. */
  supabase: () => TypedSupabaseClient;
  allocations: Allocation[];
  setAllocations: (update: (current: Allocation[]) => Allocation[]) => void;
  /** Loads the plan again, and shows it only if `stillWanted()` says so once it has arrived. */
  reload: (stillWanted: () => boolean) => Promise<void>;
  showPopup: (request: PopupRequest) => void;
  /** Someone else saved first: the plan shows their version, and the person chooses (not for undo, which says so). */
  onConflict: (conflict: PlannerConflict) => void;
}

export function useAllocationChanges({
  supabase,
  allocations,
  setAllocations,
  reload,
  showPopup,
  onConflict,
}: Options) {
  const [history, setHistory] = useState<Change[]>([]);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  // Changes shown but not saved yet. The plan is reloaded only once none is left: a reload between two quick changes
  // would put the first one's saved state back on screen over the next one, and the bar would jump back and forth.
  const unsaved = useRef(0);
  // The latest allocations for the stable callbacks below, which must not change with every edit.
  const current = useRef(allocations);
  useLayoutEffect(() => {
    current.current = allocations;
  }, [allocations]);
  const conflictTo = useRef(onConflict);
  useLayoutEffect(() => {
    conflictTo.current = onConflict;
  });

  // A change is sent with the version it was made from, following this page's own saves (allocation-versions.ts).
  const versions = useRef(new AllocationVersions());
  const versionFor = (allocation: Allocation) => versions.current.of(allocation);

  const write = useCallback(
    async (change: Change): Promise<Allocation | null> => {
      const client = supabase();
      const table = client.from('allocations');
      if (change.kind === 'delete') {
        const version = versionFor(change.before);
        let request = table.delete().eq('id', change.before.id);
        if (version) request = request.eq('updated_at', version);
        const { data, error } = await request.select('id');
        if (error) throw new Refused(describeDataError(error, 'allocations'));
        if (!data?.length) throw await refusedAsStale(client, change.before.id, CHANGED_BEFORE_DELETE_MESSAGE);
        return null;
      }
      const version = change.kind === 'update' ? versionFor(change.after) : undefined;
      const request =
        change.kind === 'create'
          ? table.insert({ id: change.after.id, ...fieldsOf(change.after) })
          : table.update({ ...fieldsOf(change.after), updated_at: version }).eq('id', change.after.id);
      const { data, error } = await request.select(COLUMNS);
      if (error?.code === 'PT409') throw await refusedAsStale(client, change.after.id, CHANGED_MESSAGE);
      if (error) throw new Refused(describeDataError(error, 'allocations'));
      if (!data?.length) throw new Refused(GONE_MESSAGE);
      const saved = data[0] as Allocation;
      versions.current.saved(saved, version, saved.updated_at);
      return saved;
    },
    [supabase],
  );

  /** Shows a change, saves it, and records it for undo unless it is itself an undo. */
  const apply = useCallback(
    (change: Change, recordForUndo: boolean): Promise<boolean> => {
      const show = (list: Allocation[]) => {
        if (change.kind === 'create') return [...list, change.after];
        if (change.kind === 'update') return list.map((a) => (a.id === change.after.id ? change.after : a));
        return list.filter((a) => a.id !== change.before.id);
      };
      const rollBack = (list: Allocation[]) => {
        if (change.kind === 'create') return list.filter((a) => a.id !== change.after.id);
        if (change.kind === 'update') return list.map((a) => (a.id === change.before.id ? change.before : a));
        return list.some((a) => a.id === change.before.id) ? list : [...list, change.before];
      };
      setAllocations(show);
      // Undoable as soon as it shows: an undo pressed while the save is under way queues behind it.
      if (recordForUndo) setHistory((past) => [...past.slice(-49), change]);
      unsaved.current += 1;
      const run = queue.current.then(async () => {
        try {
          await write(change);
          // A change made while the plan was loading again is on screen but not in what arrived: keep the screen.
          if (unsaved.current === 1) await reload(() => unsaved.current === 1);
          return true;
        } catch (error) {
          setAllocations(rollBack);
          if (error instanceof Refused && error.stale) await reload(() => unsaved.current === 1).catch(() => undefined);
          if (recordForUndo) setHistory((past) => past.filter((recorded) => recorded !== change));
          const conflict = error instanceof Refused ? error.conflict : null;
          if (conflict && recordForUndo) {
            conflictTo.current(
              change.kind === 'delete'
                ? { kind: 'delete', seen: change.before, current: conflict }
                : { kind: 'update', mine: change.after, current: conflict },
            );
            return false;
          }
          const message = conflict
            ? notUndone(conflict)
            : error instanceof Refused
              ? error.reason
              : describeDataError(error, 'allocations');
          showPopup({ type: 'error', message });
          return false;
        } finally {
          unsaved.current -= 1;
        }
      });
      queue.current = run;
      return run;
    },
    [write, reload, setAllocations, showPopup],
  );

  const create = useCallback(
    (fields: AllocationFields) => apply({ kind: 'create', after: { id: crypto.randomUUID(), ...fields } }, true),
    [apply],
  );
  // `asOf`: the version the change is made over, when it is not the one on screen (someone else's, chosen over a
  // refusal, which may lie outside the dates shown).
  const update = useCallback(
    (id: string, fields: Partial<AllocationFields>, asOf?: Allocation) => {
      const before = asOf ?? current.current.find((a) => a.id === id);
      if (!before) return Promise.resolve(false);
      return apply({ kind: 'update', before, after: { ...before, ...fields } }, true);
    },
    [apply],
  );
  const remove = useCallback(
    (id: string, asOf?: Allocation) => {
      const before = asOf ?? current.current.find((a) => a.id === id);
      return before ? apply({ kind: 'delete', before }, true) : Promise.resolve(false);
    },
    [apply],
  );

  const undo = useCallback(async () => {
    const last = history[history.length - 1];
    if (!last) return false;
    setHistory((past) => past.slice(0, -1));
    const inverse: Change =
      last.kind === 'create'
        ? { kind: 'delete', before: last.after }
        : last.kind === 'delete'
          ? { kind: 'create', after: last.before }
          : { kind: 'update', before: last.after, after: last.before };
    return apply(inverse, false);
  }, [history, apply]);

  /** Whether a change is shown but not saved yet: a plan loaded now would put the saved state over it. */
  const saving = useCallback(() => unsaved.current > 0, []);

  return {
    create,
    update,
    remove,
    undo,
    saving,
    canUndo: history.length > 0,
    lastChange: history[history.length - 1],
  };
}
