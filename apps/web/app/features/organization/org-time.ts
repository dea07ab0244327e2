// Moments shown and filtered in the organization's time zone, so every manager reads the same clock.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** "5 Jan 2026, 14:03" in `timeZone`. */
export function formatMoment(instant: string, timeZone: string): string {
  return dayjs(instant).tz(timeZone).format('D MMM YYYY, HH:mm');
}

/** "5 Jan 2026" in `timeZone`. */
export function formatDay(instant: string, timeZone: string): string {
  return dayjs(instant).tz(timeZone).format('D MMM YYYY');
}

/** The instant a calendar day (YYYY-MM-DD) starts in `timeZone`, as ISO text. */
export function startOfDayIn(date: string, timeZone: string): string {
  return dayjs.tz(date, timeZone).toISOString();
}

/** The instant the day after `date` starts in `timeZone`: the exclusive end of a range ending on `date`. */
export function endOfDayIn(date: string, timeZone: string): string {
  // The next date is computed on the calendar, not by adding 24 hours, which a change of clocks would skew.
  return dayjs.tz(dayjs(date).add(1, 'day').format('YYYY-MM-DD'), timeZone).toISOString();
}
