// Calendar dates as the database stores them ('YYYY-MM-DD', no time of day): arithmetic, weeks, ranges and their
// labels. The one dates module of the app, on dayjs; dates are read in UTC so that no time zone or daylight saving
// change ever moves a day.
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

export type IsoDate = string;

const ISO_FORMAT = 'YYYY-MM-DD';
const ISO_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const calendar = (date: IsoDate): Dayjs => dayjs.utc(date);

/** The calendar day of a moment in the local time zone (a Date, a dayjs value or an ISO timestamp). */
export function toIsoDate(value: Dayjs | Date | string): IsoDate {
  return dayjs(value).format(ISO_FORMAT);
}

/** Today in the browser's (or server's) local calendar. */
export function todayIso(now: Date = new Date()): IsoDate {
  return toIsoDate(now);
}

/** True for a real calendar date written as YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDate(value: unknown): value is IsoDate {
  return typeof value === 'string' && ISO_PATTERN.test(value) && calendar(value).format(ISO_FORMAT) === value;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return calendar(date).add(days, 'day').format(ISO_FORMAT);
}

/** The same day `months` months later, or the month's last day when it is shorter (31 Jan + 1 month = 28 Feb). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  return calendar(date).add(months, 'month').format(ISO_FORMAT);
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return calendar(to).diff(calendar(from), 'day');
}

/** ISO weekday (1 = Monday ... 7 = Sunday), as the organization's week_start and work_days count them. */
export function isoWeekday(date: IsoDate): number {
  return calendar(date).day() || 7;
}

export function isWeekend(date: IsoDate): boolean {
  return isoWeekday(date) >= 6;
}

/** The first day of the week holding `date`, for a week that starts on ISO weekday `weekStart`. */
export function startOfWeek(date: IsoDate, weekStart = 1): IsoDate {
  return addDays(date, -((isoWeekday(date) - weekStart + 7) % 7));
}

export function startOfMonth(date: IsoDate): IsoDate {
  return `${date.slice(0, 7)}-01`;
}

export type Week = { start: IsoDate; end: IsoDate };

/** `count` consecutive weeks from the week holding `from`. */
export function weeksFrom(from: IsoDate, count: number, weekStart = 1): Week[] {
  const first = startOfWeek(from, weekStart);
  return Array.from({ length: count }, (_, index) => {
    const start = addDays(first, index * 7);
    return { start, end: addDays(start, 6) };
  });
}

/** Every week from the one holding `from` to the one holding `to`, at most `limit` of them. */
export function weeksBetween(from: IsoDate, to: IsoDate, weekStart = 1, limit = 52): Week[] {
  const first = startOfWeek(from, weekStart);
  const count = Math.floor(daysBetween(first, to) / 7) + 1;
  return weeksFrom(first, Math.max(1, Math.min(count, limit)), weekStart);
}

/** Whether two inclusive ranges share at least one day. */
export function overlaps(a: { start: IsoDate; end: IsoDate }, b: { start: IsoDate; end: IsoDate }): boolean {
  return a.start <= b.end && b.start <= a.end;
}

/** "3 Mar 2026" */
export function formatDate(date: IsoDate | null | undefined): string {
  return date ? calendar(date).format('D MMM YYYY') : '';
}

/** "3 Mar" */
export function formatShortDate(date: IsoDate): string {
  return calendar(date).format('D MMM');
}

/** "Tue" */
export function formatWeekday(date: IsoDate): string {
  return calendar(date).format('ddd');
}

/** "Mar", or "Mar 2026" with the year. */
export function formatMonth(date: IsoDate, withYear = false): string {
  return calendar(date).format(withYear ? 'MMM YYYY' : 'MMM');
}

/** "3 – 9 Mar 2026", "28 Feb – 6 Mar 2026", or one date when both ends are the same day. */
export function formatRange(start: IsoDate | null | undefined, end: IsoDate | null | undefined): string {
  if (!start && !end) return 'No dates';
  if (!start) return `Until ${formatDate(end)}`;
  if (!end) return `From ${formatDate(start)}`;
  if (start === end) return formatDate(start);
  const from = calendar(start);
  const to = calendar(end);
  if (from.year() !== to.year()) return `${formatDate(start)} – ${formatDate(end)}`;
  if (from.month() !== to.month()) return `${from.format('D MMM')} – ${formatDate(end)}`;
  return `${from.format('D')} – ${formatDate(end)}`;
}
