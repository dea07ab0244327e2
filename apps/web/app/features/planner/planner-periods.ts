// The planner's periods: its zoom levels, the range it shows around a date, and how a period is labelled in the
// column headers and named for screen readers and CSV.
import {
  addDays,
  addMonths,
  formatDate,
  formatMonth,
  formatShortDate,
  formatWeekday,
  startOfMonth,
  startOfWeek,
  type IsoDate,
} from '../../lib/dates';

export type Zoom = 'day' | 'week' | 'month';

/** The first day of the range the planner shows around a date: its Monday, or the first of its month. */
export function rangeStart(date: IsoDate, zoom: Zoom): IsoDate {
  return zoom === 'month' ? startOfMonth(date) : startOfWeek(date, 1);
}

/** The last day of a range of `months` months starting at `from`. */
export function rangeEnd(from: IsoDate, months: number): IsoDate {
  return addDays(addMonths(from, months), -1);
}

/** The start of the range `months` months before or after the month of `from`. */
export function shiftRange(from: IsoDate, months: number, zoom: Zoom): IsoDate {
  return rangeStart(addMonths(startOfMonth(from), months), zoom);
}

/** Two header lines for a column: the main label and a small one above it. */
export function periodLabels(start: IsoDate, zoom: Zoom): { main: string; sub: string } {
  if (zoom === 'day')
    return { main: `${formatWeekday(start)} ${Number(start.slice(8))}`, sub: formatMonth(start, true) };
  if (zoom === 'week') return { main: formatShortDate(start), sub: formatMonth(start, true) };
  return { main: formatMonth(start), sub: start.slice(0, 4) };
}

/** How a period is named in words (screen readers, CSV). */
export function periodName(start: IsoDate, _end: IsoDate, zoom: Zoom): string {
  if (zoom === 'day') return `${formatWeekday(start)} ${formatDate(start)}`;
  if (zoom === 'week') return `week of ${formatDate(start)}`;
  return formatMonth(start, true);
}
