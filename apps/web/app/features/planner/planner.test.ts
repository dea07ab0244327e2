// The planner's pure pieces: unpacking the database's document, reading a cell's state from its figures, CSV
// export, date geometry, and the words for a refused change.
import { describe, expect, it } from 'vitest';
import { planToCsv } from './planner-csv';
import { cellState, unpackPlannerData, type PackedPlannerData, type Person } from './planner-data';
import { rangeEnd, rangeStart } from './planner-periods';
import { barGeometry, dateToX, timeOffGaps } from './planner-layout';

const weeks = [
  { start: '2026-03-02', end: '2026-03-08' },
  { start: '2026-03-09', end: '2026-03-15' },
];

describe('planner utilities', () => {
  it('unpacks each person’s allocations into objects naming their person and project', () => {
    const packed: PackedPlannerData = {
      from: '2026-03-02',
      to: '2026-03-15',
      period: 'week',
      include_tentative: true,
      periods: weeks,
      projects: [
        { id: 'p-apollo', name: 'Apollo', color: '#1c7ed6', status: 'active' },
        { id: 'p-zephyr', name: 'Zephyr', color: '#e8590c', status: 'planned' },
      ],
      people: [
        {
          id: 'u-lee',
          full_name: 'Lee',
          email: 'lee@example.com',
          job_title: null,
          weekly_capacity_hours: 40,
          cells: [
            [40, 20, 0, 0, 0.5],
            [40, 0, 0, 0, 0],
          ],
          allocations: [
            ['a-1', 1, '2026-03-02', '2026-03-06', 4, true, 'Design', 'Kick-off', '2026-02-27T10:00:00.123456+00:00'],
          ],
          time_off: [['t-1', '2026-03-04', '2026-03-05', null, 'vacation']],
        },
      ],
    };
    const data = unpackPlannerData(packed);
    expect(data.allocations).toEqual([
      {
        id: 'a-1',
        project_id: 'p-zephyr',
        user_id: 'u-lee',
        start_date: '2026-03-02',
        end_date: '2026-03-06',
        hours_per_day: 4,
        tentative: true,
        role: 'Design',
        note: 'Kick-off',
        updated_at: '2026-02-27T10:00:00.123456+00:00',
      },
    ]);
    expect(data.people).toEqual([expect.not.objectContaining({ allocations: expect.anything() })]);
    expect(data.people[0].cells).toEqual(packed.people[0].cells);
    expect(data.people[0].time_off).toEqual([
      { id: 't-1', start_date: '2026-03-04', end_date: '2026-03-05', hours: null, kind: 'vacation' },
    ]);
  });

  it('reads free, partly, full, over and no capacity from the figures without recomputing them', () => {
    expect(cellState([40, 0, 0, 0, 0])).toBe('free');
    expect(cellState([40, 20, 0, 0, 0.5])).toBe('partly');
    expect(cellState([40, 40, 0, 0, 1])).toBe('full');
    expect(cellState([40, 40.5, 0, 0, 1.0125])).toBe('over');
    expect(cellState([0, 0, 0, 5, null])).toBe('off');
    expect(cellState([0, 8, 0, 5, null])).toBe('over');
  });

  it('exports people by periods with hours and utilization, quoting and defusing formulas', () => {
    const person: Person = {
      id: '1',
      full_name: 'Lee, "Jr"',
      email: null,
      job_title: '=cmd()',
      weekly_capacity_hours: 40,
      cells: [
        [40, 50, 0, 0, 1.25],
        [0, 0, 0, 5, null],
      ],
      time_off: [],
    };
    const csv = planToCsv([person], weeks).split('\r\n');
    expect(csv[0]).toBe(
      'Person,Job title,2026-03-02 allocated hours,2026-03-02 capacity hours,2026-03-02 utilization %,' +
        '2026-03-09 allocated hours,2026-03-09 capacity hours,2026-03-09 utilization %',
    );
    expect(csv[1]).toBe(`"Lee, ""Jr""",'=cmd(),50,40,125,0,0,`);
  });

  it('places days on the grid and clips bars to the range', () => {
    expect(dateToX(weeks, '2026-03-09', 70)).toBe(70);
    expect(dateToX(weeks, '2026-03-05', 70)).toBe(30);
    expect(barGeometry(weeks, { start_date: '2026-02-01', end_date: '2026-03-10' } as never, 70)).toMatchObject({
      left: 0,
      width: 90,
      firstColumn: 0,
      lastColumn: 1,
    });
  });

  it('places the days off under a bar, relative to the bar, clipped to it', () => {
    const allocation = { start_date: '2026-03-02', end_date: '2026-03-13' } as never;
    const away = [
      { id: 't-1', start_date: '2026-02-27', end_date: '2026-03-03', hours: null, kind: 'vacation' },
      { id: 't-2', start_date: '2026-03-10', end_date: '2026-03-10', hours: 4, kind: 'other' },
      { id: 't-3', start_date: '2026-03-20', end_date: '2026-03-20', hours: null, kind: 'sick' },
    ];
    expect(timeOffGaps(weeks, allocation, away, 70)).toEqual([
      { id: 't-1', left: 0, width: 20, whole: true, start_date: '2026-03-02', end_date: '2026-03-03' },
      { id: 't-2', left: 80, width: 10, whole: false, start_date: '2026-03-10', end_date: '2026-03-10' },
    ]);
  });

  it('starts ranges on a Monday or the first of a month', () => {
    expect(rangeStart('2026-03-05', 'week')).toBe('2026-03-02');
    expect(rangeStart('2026-03-05', 'month')).toBe('2026-03-01');
    expect(rangeEnd('2026-03-02', 3)).toBe('2026-06-01');
  });
});
