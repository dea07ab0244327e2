// What to tell a planner before an allocation is saved, from the database's figures (public.allocation_warnings):
// days outside the project's dates, a budget it would exceed, the person's time off under it, and dates with no work
// day. Warnings only: the allocation may still be saved, planners sometimes need it.
import { formatRange } from '../../lib/dates';
import { formatHourCount } from '../../lib/hours';
import { countOf } from '../../lib/plural';
import { KIND_LABELS, type TimeOffKind } from '../time-off/time-off-model';

export interface AllocationWarningFigures {
  project: {
    name: string;
    start_date: string | null;
    end_date: string | null;
    budget_hours: number | null;
    planned_hours: number;
  };
  days_before_project: number;
  days_after_project: number;
  work_days: number;
  work_days_off: number;
  hours: number;
  time_off: { start_date: string; end_date: string; hours: number | null; kind: TimeOffKind }[];
}

/** One sentence per thing to look at, in the order a planner would fix them; the person by name when known. */
export function describeWarnings(figures: AllocationWarningFigures, personName?: string): string[] {
  const who = personName || 'The person';
  const warnings: string[] = [];
  const { project } = figures;
  const outside = [
    figures.days_before_project > 0 ? `${countOf(figures.days_before_project, 'day')} before it starts` : null,
    figures.days_after_project > 0 ? `${countOf(figures.days_after_project, 'day')} after it ends` : null,
  ].filter(Boolean);
  if (outside.length > 0) {
    warnings.push(
      `Outside the project's dates (${formatRange(project.start_date, project.end_date)}): ${outside.join(' and ')}.`,
    );
  }
  if (project.budget_hours !== null && project.planned_hours + figures.hours > project.budget_hours) {
    const total = project.planned_hours + figures.hours;
    warnings.push(
      `Over the project's budget: ${formatHourCount(total)} of ${formatHourCount(project.budget_hours)} hours planned with this allocation (${formatHourCount(total - project.budget_hours)} over).`,
    );
  }
  for (const entry of figures.time_off) {
    const what = entry.hours === null ? KIND_LABELS[entry.kind] : `${formatHourCount(entry.hours)} hours a day off`;
    warnings.push(
      `${who} is away ${formatRange(entry.start_date, entry.end_date)} (${what.toLowerCase()}): ${entry.hours === null ? 'no hours are booked on those days' : 'fewer hours are free on those days'}.`,
    );
  }
  if (figures.work_days === 0) {
    warnings.push(
      `These dates fall only on days ${personName || 'the person'} does not work: the allocation books no hours.`,
    );
  }
  return warnings;
}
