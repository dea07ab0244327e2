// The values an allocation form starts from and edits: a new allocation's defaults, or an existing one's fields.
// Kept apart from the form's validation (allocation-schema.ts), which only saving needs.
import type { AllocationRow } from './allocation-row';

/** What the allocation form edits: text as typed, hours as the number input holds them ('' while empty). */
export type AllocationFormValues = Omit<
  AllocationRow,
  'id' | 'role' | 'note' | 'updated_at' | 'profiles' | 'projects'
> & {
  role: string;
  note: string;
};

/** An allocation to change (with its id), or the values a new one starts with. */
export type AllocationDraft = Partial<
  Pick<
    AllocationRow,
    | 'id'
    | 'project_id'
    | 'user_id'
    | 'start_date'
    | 'end_date'
    | 'hours_per_day'
    | 'tentative'
    | 'role'
    | 'note'
    | 'updated_at'
  >
>;

const DEFAULT_HOURS_PER_DAY = 8;

export function toFormValues(draft: AllocationDraft): AllocationFormValues {
  return {
    project_id: draft.project_id ?? '',
    user_id: draft.user_id ?? '',
    start_date: draft.start_date ?? '',
    end_date: draft.end_date ?? '',
    hours_per_day: draft.hours_per_day === undefined ? DEFAULT_HOURS_PER_DAY : Number(draft.hours_per_day),
    tentative: draft.tentative ?? false,
    role: draft.role ?? '',
    note: draft.note ?? '',
  };
}

/**
 * The dates a new allocation on a project's page starts with: from today, or from the project's start when that is
 * still ahead (never a start in the past), to the project's end when that comes after the start.
 */
export function newAllocationDates(
  project: { start_date: string | null; end_date: string | null },
  today: string,
): { start_date: string; end_date?: string } {
  const start = project.start_date && project.start_date > today ? project.start_date : today;
  return { start_date: start, end_date: project.end_date && project.end_date >= start ? project.end_date : undefined };
}
