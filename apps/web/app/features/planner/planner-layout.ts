// Geometry of the planner grid: column widths per zoom, the rows shown (people, and for an expanded person one
// lane per allocation plus an empty lane to add one; in compact mode each person's bars stacked inside their row),
// and converting between dates and pixels.
import type { Allocation, Period, Person, TimeOff } from './planner-data';
import { addDays, daysBetween } from '../../lib/dates';
import type { Zoom } from './planner-periods';

export const NAME_WIDTH = 240;
export const HEADER_HEIGHT = 48;
export const PERSON_ROW_HEIGHT = 44;
export const LANE_HEIGHT = 34;
/** Height of one stacked bar inside a person's row in compact mode. */
export const MINI_BAR_HEIGHT = 8;
export const COLUMN_WIDTH: Record<Zoom, number> = { day: 56, week: 96, month: 140 };

/** A person's allocations stacked in as few levels as they need without overlapping (compact mode). */
export type Stack = { levels: number; bars: { allocation: Allocation; level: number }[] };

export type PlannerRow =
  | { kind: 'person'; key: string; person: Person; allocationCount: number; stack: Stack | null }
  | { kind: 'lane'; key: string; person: Person; allocation: Allocation }
  | { kind: 'add'; key: string; person: Person };

export function buildRows(
  people: Person[],
  allocationsByPerson: Map<string, Allocation[]>,
  isExpanded: (personId: string) => boolean,
  compact: boolean,
): PlannerRow[] {
  const rows: PlannerRow[] = [];
  for (const person of people) {
    const allocations = allocationsByPerson.get(person.id) ?? [];
    const stack = compact && allocations.length > 0 ? stackBars(allocations) : null;
    rows.push({ kind: 'person', key: `p:${person.id}`, person, allocationCount: allocations.length, stack });
    if (!isExpanded(person.id)) continue;
    for (const allocation of allocations) {
      rows.push({ kind: 'lane', key: `a:${allocation.id}`, person, allocation });
    }
    rows.push({ kind: 'add', key: `n:${person.id}`, person });
  }
  return rows;
}

/** The index of the period that holds a date, clamped to the first or last period. */
export function periodIndexOf(periods: Period[], date: string): number {
  let low = 0;
  let high = periods.length - 1;
  if (high < 0 || date < periods[0].start) return 0;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (periods[middle].start <= date) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Horizontal position of the start of a day, from the left edge of the first period. */
export function dateToX(periods: Period[], date: string, columnWidth: number): number {
  if (periods.length === 0) return 0;
  const last = periods[periods.length - 1];
  if (date < periods[0].start) return -daysBetween(date, periods[0].start) * (columnWidth / periodDays(periods[0]));
  if (date > last.end) {
    return periods.length * columnWidth + daysBetween(addDays(last.end, 1), date) * (columnWidth / periodDays(last));
  }
  const index = periodIndexOf(periods, date);
  const period = periods[index];
  return index * columnWidth + (daysBetween(period.start, date) / periodDays(period)) * columnWidth;
}

export function periodDays(period: Period): number {
  return daysBetween(period.start, period.end) + 1;
}

/** Pixels per day near a period, for turning a drag distance into days. */
export function pixelsPerDay(periods: Period[], index: number, columnWidth: number): number {
  const period = periods[Math.max(0, Math.min(index, periods.length - 1))];
  return period ? columnWidth / periodDays(period) : columnWidth;
}

/** The span a bar covers, clipped to the range: left and width in pixels, and its first and last column. */
export function barGeometry(periods: Period[], allocation: Allocation, columnWidth: number) {
  const total = periods.length * columnWidth;
  const left = Math.max(0, dateToX(periods, allocation.start_date, columnWidth));
  const right = Math.min(total, dateToX(periods, addDays(allocation.end_date, 1), columnWidth));
  return {
    left,
    width: Math.max(6, right - left),
    firstColumn: periodIndexOf(periods, allocation.start_date),
    lastColumn: periodIndexOf(periods, allocation.end_date),
  };
}

/** A stretch of time off under a bar: where it lies from the bar's left edge, and whether it is whole days. */
export interface Gap {
  id: string;
  left: number;
  width: number;
  whole: boolean;
  start_date: string;
  end_date: string;
}

/** The person's time off under an allocation's bar, clipped to the allocation's dates and the range. */
export function timeOffGaps(periods: Period[], allocation: Allocation, timeOff: TimeOff[], columnWidth: number): Gap[] {
  const total = periods.length * columnWidth;
  const barLeft = Math.max(0, dateToX(periods, allocation.start_date, columnWidth));
  const gaps: Gap[] = [];
  for (const entry of timeOff) {
    const start = entry.start_date > allocation.start_date ? entry.start_date : allocation.start_date;
    const end = entry.end_date < allocation.end_date ? entry.end_date : allocation.end_date;
    if (start > end) continue;
    const left = Math.max(0, dateToX(periods, start, columnWidth));
    const right = Math.min(total, dateToX(periods, addDays(end, 1), columnWidth));
    if (right <= left) continue;
    gaps.push({
      id: entry.id,
      left: left - barLeft,
      width: right - left,
      whole: entry.hours === null,
      start_date: start,
      end_date: end,
    });
  }
  return gaps;
}

/** Bars sorted by start, each on the first level free at its start: overlapping work stacks, the rest shares a line. */
export function stackBars(allocations: Allocation[]): Stack {
  const levelEnds: string[] = [];
  const bars = [...allocations]
    .sort((a, b) => a.start_date.localeCompare(b.start_date) || a.end_date.localeCompare(b.end_date))
    .map((allocation) => {
      let level = levelEnds.findIndex((end) => end < allocation.start_date);
      if (level === -1) level = levelEnds.length;
      levelEnds[level] = allocation.end_date;
      return { allocation, level };
    });
  return { levels: levelEnds.length, bars };
}

export function rowHeight(row: PlannerRow): number {
  if (row.kind !== 'person') return LANE_HEIGHT;
  return PERSON_ROW_HEIGHT + (row.stack ? row.stack.levels * MINI_BAR_HEIGHT + 4 : 0);
}
