import { describe, expect, it } from 'vitest';
import { projectPlanRows } from './project-rows';
import type { Allocation, Person } from './planner-data';

const periods = [
  { start: '2026-03-02', end: '2026-03-08' },
  { start: '2026-03-09', end: '2026-03-15' },
];
const person = (id: string, full_name: string): Person =>
  ({ id, full_name, email: null, job_title: null, weekly_capacity_hours: 40, cells: [], time_off: [] }) as Person;
const allocation = (id: string, project_id: string, user_id: string, start_date: string, end_date: string) =>
  ({
    id,
    project_id,
    user_id,
    start_date,
    end_date,
    hours_per_day: 4,
    tentative: false,
    role: null,
    note: null,
  }) as Allocation;
const projects = [
  { id: 'apollo', name: 'Apollo', color: '#1c7ed6', status: 'active' },
  { id: 'idle', name: 'Idle', color: '#2f9e44', status: 'active' },
  { id: 'zephyr', name: 'Zephyr', color: '#e8590c', status: 'active' },
];

describe('projectPlanRows', () => {
  const people = [person('u1', 'Lee'), person('u2', 'Ada')];
  const allocations = [
    allocation('a1', 'apollo', 'u1', '2026-03-02', '2026-03-13'),
    allocation('a2', 'apollo', 'u2', '2026-03-10', '2026-03-11'),
    allocation('a3', 'zephyr', 'u1', '2026-03-03', '2026-03-04'),
    allocation('a4', 'zephyr', 'u3', '2026-03-03', '2026-03-04'),
  ];

  it('lists projects with work, who is on each per period, and their people by name', () => {
    const rows = projectPlanRows(projects, periods, people, allocations, null);
    expect(rows.map((row) => row.project.name)).toEqual(['Apollo', 'Zephyr']);
    expect(rows[0].people).toEqual([['Lee'], ['Ada', 'Lee']]);
    expect(rows[0].members.map((member) => member.person.full_name)).toEqual(['Ada', 'Lee']);
    // Someone the filters hide (u3) is not counted.
    expect(rows[1].people).toEqual([['Lee'], []]);
  });

  it('keeps to the chosen project', () => {
    expect(projectPlanRows(projects, periods, people, allocations, 'zephyr').map((row) => row.project.id)).toEqual([
      'zephyr',
    ]);
  });
});
