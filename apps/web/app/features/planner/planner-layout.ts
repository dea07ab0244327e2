// Geometry of the planner grid: column widths per zoom, the rows shown (people, and for an expanded person one
// lane per allocation plus an empty lane to add one), and converting between dates and pixels.
import type { Allocation, Period, Person } from './planner-data';
import { addDays, daysBetween } from '../../lib/dates';
import type { Zoom } from './planner-periods';

export const NAME_WIDTH = 240;
export const HEADER_HEIGHT = 48;
export const PERSON_ROW_HEIGHT = 48;
export const LANE_HEIGHT = 34;
export const COLUMN_WIDTH: Record<Zoom, number> = { day: 48, week: 96, month: 140 };

export type PlannerRow =
  | { kind: 'person'; key: string; person: Person; allocationCount: number }
  | { kind: 'lane'; key: string; person: Person; allocation: Allocation }
  | { kind: 'add'; key: string; person: Person };

export function buildRows(
  people: Person[],
  allocationsByPerson: Map<string, Allocation[]>,
  expanded: Set<string>,
): PlannerRow[] {
  const rows: PlannerRow[] = [];
  for (const person of people) {
    const allocations = allocationsByPerson.get(person.id) ?? [];
    rows.push({ kind: 'person', key: `p:${person.id}`, person, allocationCount: allocations.length });
    if (!expanded.has(person.id)) continue;
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
