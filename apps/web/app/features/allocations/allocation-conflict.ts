// When someone else saved an allocation first: their version, who they are and when they saved it, and what differs
// from the person's own, in words. The planner and the project page show the same choice from these.
import dayjs from 'dayjs';
import { formatDate } from '../../lib/dates';
import { formatHours } from '../../lib/hours';
import type { ActionResult } from '../../lib/action-result';
import type { AllocationRow } from './allocation-row';

/** The fields a person edits on an allocation. */
export type AllocationValues = Pick<
  AllocationRow,
  'project_id' | 'user_id' | 'start_date' | 'end_date' | 'hours_per_day' | 'tentative' | 'role' | 'note'
>;

/** The stored version that came first, and who made it (null: a name nobody may see, or maintenance). */
export interface AllocationConflict {
  theirs: AllocationValues & { id: string; updated_at: string };
  by: string | null;
}

/** An answer of the allocation forms: with `conflict` when someone else saved the allocation first. */
export type AllocationActionResult = ActionResult & { conflict?: AllocationConflict };

/** One field that differs: its label, then its value in each version, in words. */
export interface Difference {
  field: string;
  theirs: string;
  mine: string;
}

/** Names for the ids an allocation holds. */
export interface Names {
  project: (id: string) => string | undefined;
  person: (id: string) => string | undefined;
}

const FIELDS: { key: keyof AllocationValues; label: string }[] = [
  { key: 'project_id', label: 'Project' },
  { key: 'user_id', label: 'Person' },
  { key: 'start_date', label: 'Start' },
  { key: 'end_date', label: 'End' },
  { key: 'hours_per_day', label: 'Hours per day' },
  { key: 'tentative', label: 'Status' },
  { key: 'role', label: 'Role' },
  { key: 'note', label: 'Note' },
];

const NONE = '—';

function inWords(key: keyof AllocationValues, values: AllocationValues, names: Names): string {
  switch (key) {
    case 'project_id':
      return names.project(values.project_id) ?? 'Another project';
    case 'user_id':
      return names.person(values.user_id) ?? 'Someone else';
    case 'start_date':
    case 'end_date':
      return formatDate(values[key]);
    case 'hours_per_day':
      return formatHours(values.hours_per_day, 'h/day');
    case 'tentative':
      return values.tentative ? 'Tentative' : 'Confirmed';
    default:
      return values[key]?.trim() || NONE;
  }
}

/** The fields in which two versions differ, as the person reads them (the same hours written 6 or "6.00" agree). */
export function differences(theirs: AllocationValues, mine: AllocationValues, names: Names): Difference[] {
  return FIELDS.flatMap(({ key, label }) => {
    const [a, b] = [inWords(key, theirs, names), inWords(key, mine, names)];
    return a === b ? [] : [{ field: label, theirs: a, mine: b }];
  });
}

/** Who saved first, for a sentence: their name, or "Someone else" when it cannot be shown. */
export const whoChanged = (conflict: Pick<AllocationConflict, 'by'>) => conflict.by?.trim() || 'Someone else';

/** When they saved, in the reader's time: "at 14:02" today, "on 3 Mar at 14:02" another day. */
export function changedAt(timestamp: string, now: Date = new Date()): string {
  const at = dayjs(timestamp);
  if (!at.isValid()) return '';
  const time = at.format('HH:mm');
  if (at.isSame(now, 'day')) return `at ${time}`;
  return at.isSame(now, 'year') ? `on ${at.format('D MMM')} at ${time}` : `on ${at.format('D MMM YYYY')} at ${time}`;
}

/** "Alex changed this allocation at 14:02" */
export const changedSentence = (conflict: AllocationConflict, now?: Date) =>
  `${whoChanged(conflict)} changed this allocation ${changedAt(conflict.theirs.updated_at, now)}`.trimEnd();
