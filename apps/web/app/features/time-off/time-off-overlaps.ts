// What recording time off would take off the person's booked work, in words, from public.time_off_overlaps.
import { formatRange } from '../../lib/dates';
import { formatHourCount } from '../../lib/hours';
import { countOf } from '../../lib/plural';

export interface TimeOffOverlap {
  project_name: string;
  overlap_start: string;
  overlap_end: string;
  work_days: number;
  hours: number;
  tentative: boolean;
}

/** One line per allocation overlapped: the project, the days shared, and the hours booked on them. */
export function describeOverlaps(overlaps: TimeOffOverlap[]): string[] {
  return overlaps.map(
    (overlap) =>
      `${overlap.project_name}${overlap.tentative ? ' (tentative)' : ''}: ${formatRange(overlap.overlap_start, overlap.overlap_end)}, ${countOf(overlap.work_days, 'work day')}, ${formatHourCount(overlap.hours)} hours booked`,
  );
}
