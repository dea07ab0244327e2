// Hours as people read them: "7.5 h/day", "32 h/week", "1,240 h", at most two decimals.
const HOURS = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/** A number of hours without its unit, for sentences that name it ("1,086 hours over"). */
export function formatHourCount(hours: number | string): string {
  return HOURS.format(Number(hours));
}

export function formatHours(hours: number | string | null | undefined, unit: 'h' | 'h/day' | 'h/week' = 'h'): string {
  return `${formatHourCount(hours ?? 0)} ${unit}`;
}
