// ISO weekdays (Monday = 1), as organization.work_days, organization.week_start and profiles.work_days store them.

export const WEEKDAYS = [
  { day: 1, short: 'Mon', label: 'Monday' },
  { day: 2, short: 'Tue', label: 'Tuesday' },
  { day: 3, short: 'Wed', label: 'Wednesday' },
  { day: 4, short: 'Thu', label: 'Thursday' },
  { day: 5, short: 'Fri', label: 'Friday' },
  { day: 6, short: 'Sat', label: 'Saturday' },
  { day: 7, short: 'Sun', label: 'Sunday' },
] as const;

const SHORT_NAMES = new Map<number, string>(WEEKDAYS.map(({ day, short }) => [day, short]));

/** "Mon–Fri" for a run of three or more days, else "Mon, Wed, Fri"; in ISO order. */
export function formatWorkDays(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (sorted.length === 0) return 'No work days';
  const consecutive = sorted.every((day, index) => index === 0 || day === sorted[index - 1] + 1);
  if (consecutive && sorted.length >= 3) return `${SHORT_NAMES.get(sorted[0])}–${SHORT_NAMES.get(sorted.at(-1)!)}`;
  return sorted.map((day) => SHORT_NAMES.get(day) ?? String(day)).join(', ');
}
