// What an allocation is on screen: a person on a project for a date range, some hours per work day. Kept apart from
// the forms' validation (allocation-schema.ts), so that pages that only show allocations do not load the validator.

/** An allocation row with its person and project embedded, as the project page and home page read it. */
export type AllocationRow = {
  id: string;
  project_id: string;
  user_id: string;
  start_date: string;
  end_date: string;
  hours_per_day: number | string;
  tentative: boolean;
  role: string | null;
  note: string | null;
  /** The version loaded; a change sent with it is refused once someone else changed the allocation. */
  updated_at?: string;
  profiles?: { full_name: string; job_title: string | null } | null;
  projects?: { name: string; color: string; code: string | null } | null;
};

export const ALLOCATION_COLUMNS =
  'id,project_id,user_id,start_date,end_date,hours_per_day,tentative,role,note,updated_at,profiles(full_name,job_title),projects(name,color,code)';

/** Someone who can be allocated: a member of the organization. */
export type Person = { id: string; full_name: string; job_title: string | null };
