import { describe, expect, it } from 'vitest';
import { describeWarnings, type AllocationWarningFigures } from './allocation-warnings';

const quiet: AllocationWarningFigures = {
  project: { name: 'Apollo', start_date: '2026-01-05', end_date: '2026-01-30', budget_hours: 100, planned_hours: 40 },
  days_before_project: 0,
  days_after_project: 0,
  work_days: 5,
  work_days_off: 0,
  hours: 40,
  time_off: [],
};

describe('describeWarnings', () => {
  it('says nothing when the allocation fits the project, its budget and the person', () => {
    expect(describeWarnings(quiet, 'Sammie')).toEqual([]);
  });

  it('names days outside the project, the budget exceeded, time off and dates without a work day', () => {
    const warnings = describeWarnings(
      {
        ...quiet,
        days_before_project: 4,
        days_after_project: 1,
        hours: 72.5,
        work_days: 0,
        time_off: [
          { start_date: '2026-01-19', end_date: '2026-01-20', hours: null, kind: 'vacation' },
          { start_date: '2026-01-22', end_date: '2026-01-22', hours: 4, kind: 'other' },
        ],
      },
      'Sammie',
    );
    expect(warnings).toEqual([
      "Outside the project's dates (5 – 30 Jan 2026): 4 days before it starts and 1 day after it ends.",
      "Over the project's budget: 112.5 of 100 hours planned with this allocation (12.5 over).",
      'Sammie is away 19 – 20 Jan 2026 (vacation): no hours are booked on those days.',
      'Sammie is away 22 Jan 2026 (4 hours a day off): fewer hours are free on those days.',
      'These dates fall only on days Sammie does not work: the allocation books no hours.',
    ]);
  });

  it('writes large figures as the rest of the product does, with thousands grouped', () => {
    const figures = {
      ...quiet,
      project: { ...quiet.project, budget_hours: 1090, planned_hours: 1800 },
      hours: 376.25,
    };
    expect(describeWarnings(figures)).toEqual([
      "Over the project's budget: 2,176.25 of 1,090 hours planned with this allocation (1,086.25 over).",
    ]);
  });

  it('has no budget to exceed when the project has none', () => {
    const figures = { ...quiet, project: { ...quiet.project, budget_hours: null }, hours: 1000 };
    expect(describeWarnings(figures)).toEqual([]);
  });
});
