// Hours as people read them: "7.5 h/day", "32 h/week", "1,240 h", at most two decimals.
import { formatNumber } from './numbers';

/** A number of hours without its unit, for sentences that name it ("1,086 hours over"). */
export function formatHourCount(hours: number | string): string {
  return formatNumber(Number(hours), 2);
}

export function formatHours(hours: number | string | null | undefined, unit: 'h' | 'h/day' | 'h/week' = 'h'): string {
  return `${formatHourCount(hours ?? 0)} ${unit}`;
}
