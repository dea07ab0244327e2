// Calendar arithmetic on ISO dates (YYYY-MM-DD) for the planner: plain days, no time zones, no library needed.

export type Zoom = 'day' | 'week' | 'month';

const MS_PER_DAY = 86_400_000;

function toUtc(iso: string): number {
  return Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(toUtc(value));
}

export function addDays(iso: string, days: number): string {
  return fromUtc(toUtc(iso) + days * MS_PER_DAY);
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / MS_PER_DAY);
}

export function addMonths(iso: string, months: number): string {
  const date = new Date(toUtc(iso));
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  return fromUtc(date.getTime());
}

/** Today in the browser's (or server's) local calendar. */
export function today(): string {
  const now = new Date();
  return fromUtc(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
}

/** The Monday on or before a date; the database widens ranges to the organization's own week start. */
export function mondayOf(iso: string): string {
  const weekday = (new Date(toUtc(iso)).getUTCDay() + 6) % 7;
  return addDays(iso, -weekday);
}

export function monthOf(iso: string): string {
  return `${iso.slice(0, 7)}-01`;
}

/** The first day of the range the planner shows around a date, for a zoom. */
export function rangeStart(iso: string, zoom: Zoom): string {
  return zoom === 'month' ? monthOf(iso) : mondayOf(iso);
}

/** The last day of a range of `months` months starting at `from`. */
export function rangeEnd(from: string, months: number): string {
  const date = new Date(toUtc(from));
  date.setUTCMonth(date.getUTCMonth() + months);
  return addDays(fromUtc(date.getTime()), -1);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function formatDay(iso: string): string {
  return `${Number(iso.slice(8))} ${MONTHS[Number(iso.slice(5, 7)) - 1]}`;
}

export function formatLongDay(iso: string): string {
  return `${formatDay(iso)} ${iso.slice(0, 4)}`;
}

export function weekdayOf(iso: string): string {
  return WEEKDAYS[new Date(toUtc(iso)).getUTCDay()];
}

export function isWeekend(iso: string): boolean {
  const day = new Date(toUtc(iso)).getUTCDay();
  return day === 0 || day === 6;
}

/** Two header lines for a column: the main label and a small one above it. */
export function periodLabels(start: string, zoom: Zoom): { main: string; sub: string } {
  const month = MONTHS[Number(start.slice(5, 7)) - 1];
  if (zoom === 'day')
    return { main: `${weekdayOf(start)} ${Number(start.slice(8))}`, sub: `${month} ${start.slice(0, 4)}` };
  if (zoom === 'week') return { main: formatDay(start), sub: `${month} ${start.slice(0, 4)}` };
  return { main: month, sub: start.slice(0, 4) };
}

/** How a period is named in words (screen readers, CSV). */
export function periodName(start: string, end: string, zoom: Zoom): string {
  if (zoom === 'day') return `${weekdayOf(start)} ${formatLongDay(start)}`;
  if (zoom === 'week') return `week of ${formatLongDay(start)}`;
  return `${MONTHS[Number(start.slice(5, 7)) - 1]} ${start.slice(0, 4)}`;
}
