// How full a week is, in words and colors: free, partly booked, full, over (over 100% is always red).
export type UtilizationPeriod = {
  user_id: string;
  period_start: string;
  period_end: string;
  capacity_hours: number | string;
  allocated_hours: number | string;
  tentative_hours: number | string;
  time_off_days: number;
  utilization: number | string | null;
  over_allocated: boolean;
};

export type LoadLevel = 'free' | 'partly' | 'full' | 'over' | 'unavailable';

export const LEVEL_LABELS: Record<LoadLevel, string> = {
  free: 'Free',
  partly: 'Partly booked',
  full: 'Full',
  over: 'Over-allocated',
  unavailable: 'No capacity',
};

export const LEVEL_COLORS: Record<LoadLevel, string> = {
  free: 'gray',
  partly: 'blue',
  full: 'green',
  over: 'red',
  unavailable: 'gray',
};

/** Full from 90%: a week a few hours short of capacity counts as booked, as planners read it. */
const FULL_FROM = 0.9;

export function loadLevel(
  period: Pick<UtilizationPeriod, 'utilization' | 'over_allocated' | 'allocated_hours' | 'capacity_hours'>,
): LoadLevel {
  if (period.over_allocated) return 'over';
  if (period.utilization === null || Number(period.capacity_hours) === 0)
    return Number(period.allocated_hours) > 0 ? 'over' : 'unavailable';
  const share = Number(period.utilization);
  if (share === 0) return 'free';
  return share >= FULL_FROM ? 'full' : 'partly';
}

export function formatPercent(utilization: number | string | null): string {
  return utilization === null ? '—' : `${Math.round(Number(utilization) * 100)}%`;
}
