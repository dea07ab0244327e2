import { describe, expect, it } from 'vitest';
import { describeOverlaps } from './time-off-overlaps';

describe('describeOverlaps', () => {
  it('names each project overlapped with the shared days and the hours booked on them', () => {
    expect(
      describeOverlaps([
        {
          project_name: 'Apollo',
          overlap_start: '2026-01-05',
          overlap_end: '2026-01-06',
          work_days: 2,
          hours: 16,
          tentative: false,
        },
        {
          project_name: 'Borealis',
          overlap_start: '2026-01-07',
          overlap_end: '2026-01-07',
          work_days: 1,
          hours: 2.5,
          tentative: true,
        },
      ]),
    ).toEqual([
      'Apollo: 5 – 6 Jan 2026, 2 work days, 16 hours booked',
      'Borealis (tentative): 7 Jan 2026, 1 work day, 2.5 hours booked',
    ]);
  });
});
