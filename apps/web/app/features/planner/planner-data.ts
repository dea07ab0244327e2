// The planner's document as the database sends it (public.planner_data), loading it in one request and unpacking
// its compact allocations, and reading its figures: which state a cell is in and how it is described. Figures are
// only read here, never recomputed.
import type { Zoom } from './planner-periods';
import type { TypedSupabaseClient } from '../../types/supabase';

export interface Period {
  start: string;
  end: string;
}

/** [capacity hours, allocated hours, tentative hours, work days off, utilization (null without capacity)] */
export type Cell = [number, number, number, number, number | null];

export interface Person {
  id: string;
  full_name: string;
  email: string | null;
  job_title: string | null;
  weekly_capacity_hours: number;
  cells: Cell[];
  /** The person's time off in the range, by start. */
  time_off: TimeOff[];
}

/** Time off as the bars show it: whole days (hours null) or some hours a day. */
export interface TimeOff {
  id: string;
  start_date: string;
  end_date: string;
  hours: number | null;
  kind: string;
}

/** [id, start date, end date, hours a day (null for whole days), kind] */
export type PackedTimeOff = [string, string, string, number | null, string];

export interface Allocation {
  id: string;
  project_id: string;
  user_id: string;
  start_date: string;
  end_date: string;
  hours_per_day: number;
  tentative: boolean;
  role: string | null;
  note: string | null;
  /** The version this allocation was loaded at; a change sent with it is refused if someone changed it since. */
  updated_at?: string;
}

export interface Project {
  id: string;
  name: string;
  color: string;
  status: string;
}

export interface PlannerData {
  from: string;
  to: string;
  period: Zoom;
  include_tentative: boolean;
  periods: Period[];
  people: Person[];
  allocations: Allocation[];
  projects: Project[];
}

/** [id, position in projects, start date, end date, hours per day, tentative, role, note, updated at] */
export type PackedAllocation = [string, number, string, string, number, boolean, string | null, string | null, string];

/** What the database sends: each person's allocations inside the person, as short arrays. */
export interface PackedPlannerData extends Omit<PlannerData, 'people' | 'allocations'> {
  people: (Omit<Person, 'time_off'> & { allocations: PackedAllocation[]; time_off?: PackedTimeOff[] })[];
}

/** Allocations as the planner edits them: one list of objects that name their person and project. */
export function unpackPlannerData(packed: PackedPlannerData): PlannerData {
  const allocations: Allocation[] = [];
  const people = packed.people.map(({ allocations: own, time_off: away = [], ...rest }) => {
    const person: Person = {
      ...rest,
      time_off: away.map(([id, start_date, end_date, hours, kind]) => ({
        id,
        start_date,
        end_date,
        hours: hours === null ? null : Number(hours),
        kind,
      })),
    };
    for (const [id, project, start_date, end_date, hours_per_day, tentative, role, note, updated_at] of own) {
      const project_id = packed.projects[project].id;
      allocations.push({
        id,
        project_id,
        user_id: person.id,
        start_date,
        end_date,
        hours_per_day,
        tentative,
        role,
        note,
        updated_at,
      });
    }
    return person;
  });
  return { ...packed, people, allocations };
}

export interface PlannerQuery {
  from: string;
  to: string;
  zoom: Zoom;
  includeTentative: boolean;
}

export async function loadPlannerData(supabase: TypedSupabaseClient, query: PlannerQuery): Promise<PlannerData> {
  const { data, error } = await supabase.rpc('planner_data', {
    p_from: query.from,
    p_to: query.to,
    p_period: query.zoom,
    p_include_tentative: query.includeTentative,
  });
  if (error) throw error;
  // planner_data returns jsonb, which the generated types only know as Json; its shape is the function's contract.
  return unpackPlannerData(data as unknown as PackedPlannerData);
}

export type CellState = 'free' | 'partly' | 'full' | 'over' | 'off';

/** The state of a cell from the database's figures: over when allocated exceeds capacity, as the database flags. */
export function cellState([capacity, allocated]: Cell): CellState {
  if (allocated > capacity) return 'over';
  if (capacity === 0) return 'off';
  if (allocated === 0) return 'free';
  return allocated === capacity ? 'full' : 'partly';
}

export const STATE_WORDS: Record<CellState, string> = {
  free: 'free',
  partly: 'partly booked',
  full: 'fully booked',
  over: 'over-allocated',
  off: 'no capacity',
};

export function formatHours(hours: number): string {
  return Number.isInteger(hours) ? String(hours) : hours.toFixed(1).replace(/\.0$/, '');
}

export function formatPercent(utilization: number | null): string {
  return utilization === null ? '–' : `${Math.round(utilization * 100)}%`;
}

/** What a cell says in words, for screen readers and tooltips. */
export function describeCell(cell: Cell, periodName: string, personName: string): string {
  const [capacity, allocated, tentative, daysOff, utilization] = cell;
  const parts = [
    `${personName}, ${periodName}: ${formatHours(allocated)} of ${formatHours(capacity)} hours`,
    utilization === null ? null : formatPercent(utilization),
    STATE_WORDS[cellState(cell)],
    tentative > 0 ? `${formatHours(tentative)} hours tentative` : null,
    daysOff > 0 ? `${daysOff} ${daysOff === 1 ? 'day' : 'days'} off` : null,
  ];
  return parts.filter(Boolean).join(', ');
}

export function personName(person: Pick<Person, 'full_name' | 'email'>): string {
  return person.full_name.trim() || person.email || 'Unnamed person';
}
