// Instants of announcements as people read and type them: wall-clock dates and times in one named time zone, so the
// server and the browser show the same text and a typed "9:00" means 9:00 where the reader is.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The zone itself when the runtime knows it, else UTC: a stray profile value never breaks the page. */
export function knownTimeZone(zone: string | null | undefined): string {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** True for a time of day written as HH:MM (24 hours). */
export function isTimeOfDay(value: string): boolean {
  return TIME_PATTERN.test(value);
}

/** The instant (ISO 8601, UTC) of a wall-clock date and time in `zone`; an empty time is the start of the day. */
export function toInstant(date: string, time: string | undefined, zone: string): string {
  return dayjs.tz(`${date}T${time || '00:00'}`, zone).toISOString();
}

/** The wall-clock date (YYYY-MM-DD) and time (HH:MM) of an instant in `zone`, for filling a form. */
export function toWallClock(instant: string, zone: string): { date: string; time: string } {
  const local = dayjs(instant).tz(zone);
  return { date: local.format('YYYY-MM-DD'), time: local.format('HH:mm') };
}

/** "12 Mar 2026, 09:00" in `zone`. */
export function formatInstant(instant: string, zone: string): string {
  return dayjs(instant).tz(zone).format('D MMM YYYY, HH:mm');
}
