// The planner's one-request document: the same utilization figures as public.utilization for days, weeks and
// months (part-time people, weekends, whole and partial days off, overlapping and tentative allocations), whole
// periods, each person's allocations and time off in the range, and who may call it through the data API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../apps/backend/test/harness.ts';
import { anonClient, signedUpClient } from './clients.ts';
import { asUser, createAccount } from './sql.ts';

let h: Harness;
let admin: string;
let fullTimer: string;
let partTimer: string;
let project: string;

/** [capacity, allocated, tentative, whole work days off, utilization, hours off] */
type Cell = [number, number, number, number, number | null, number];
/** [id, project position, start date, end date, hours per day, tentative, role, note] */
type Allocation = [string, number, string, string, number, boolean, string | null, string | null];
interface PlannerData {
  from: string;
  to: string;
  periods: { start: string; end: string }[];
  people: {
    id: string;
    full_name: string;
    job_title: string | null;
    weekly_capacity_hours: number;
    cells: Cell[];
    allocations: Allocation[];
    time_off: [string, string, string, number | null, string][];
  }[];
  projects: { id: string; name: string; color: string }[];
}

beforeAll(async () => {
  h = await createHarness();
  admin = await createAccount(h.db, 'admin@example.com', 'Admin');
  fullTimer = await createAccount(h.db, 'full@example.com', 'Full Timer');
  partTimer = await createAccount(h.db, 'part@example.com', 'Part Timer');
  await h.db.query("update profiles set weekly_capacity_hours = 20, work_days = '{1,2,3}' where id = $1", [partTimer]);
  const { rows } = await h.db.query<{ id: string }>(
    "insert into projects (name, color) values ('Apollo', '#1c7ed6') returning id",
  );
  project = rows[0].id;
  const allocate = (user: string, start: string, end: string, hours: number, tentative = false) =>
    h.db.query(
      `insert into allocations (project_id, user_id, start_date, end_date, hours_per_day, tentative)
       values ($1, $2, $3, $4, $5, $6)`,
      [project, user, start, end, hours, tentative],
    );
  // Spanning weekends, month ends and the range's edges; overlapping; tentative; time off in entries that follow
  // each other, over a weekend, and a partial day.
  await allocate(fullTimer, '2026-02-20', '2026-03-11', 6);
  await allocate(fullTimer, '2026-03-04', '2026-03-31', 4, true);
  await allocate(fullTimer, '2026-03-28', '2026-04-20', 3.5);
  await allocate(partTimer, '2026-03-01', '2026-04-30', 5);
  await allocate(partTimer, '2026-03-10', '2026-03-10', 8, true);
  // The example the screens show: 8 h a day Monday to Friday, away Tuesday and Wednesday.
  await allocate(fullTimer, '2026-05-04', '2026-05-08', 8);
  for (const [user, start, end, hours] of [
    [fullTimer, '2026-03-05', '2026-03-06', null],
    [fullTimer, '2026-03-07', '2026-03-10', null],
    [partTimer, '2026-03-10', '2026-03-10', 2],
    [partTimer, '2026-03-30', '2026-04-03', null],
    [fullTimer, '2026-05-05', '2026-05-06', null],
  ]) {
    await h.db.query('insert into time_off (user_id, start_date, end_date, hours) values ($1, $2, $3, $4)', [
      user,
      start,
      end,
      hours,
    ]);
  }
});
afterAll(() => h.close());

async function plannerData(from: string, to: string, period: string, includeTentative: boolean) {
  const { rows } = await asUser(h.db, admin, (tx) =>
    tx.query<{ data: PlannerData }>('select planner_data($1, $2, $3, $4) as data', [
      from,
      to,
      period,
      includeTentative,
    ]),
  );
  return rows[0].data;
}

async function utilizationOf(from: string, to: string, period: string, includeTentative: boolean) {
  const { rows } = await asUser(h.db, admin, (tx) =>
    tx.query<{
      user_id: string;
      period_start: string;
      capacity: number;
      allocated: number;
      tentative: number;
      time_off_days: number;
      utilization: number | null;
      time_off_hours: number;
    }>(
      `select user_id, period_start::text, capacity_hours::float8 as capacity, allocated_hours::float8 as allocated,
              tentative_hours::float8 as tentative, time_off_days, utilization::float8 as utilization,
              time_off_hours::float8 as time_off_hours
       from utilization($1, $2, $3, $4, null) order by user_id, period_start`,
      [from, to, period, includeTentative],
    ),
  );
  return rows;
}

describe('planner_data', () => {
  for (const [period, from, to] of [
    ['week', '2026-02-23', '2026-04-26'],
    ['day', '2026-03-01', '2026-04-04'],
    ['month', '2026-02-01', '2026-04-30'],
  ] as const) {
    for (const includeTentative of [true, false]) {
      it(`gives each person public.utilization's figures per ${period} (tentative ${includeTentative ? 'in' : 'out'})`, async () => {
        const data = await plannerData(from, to, period, includeTentative);
        const expected = await utilizationOf(data.from, data.to, period, includeTentative);
        const actual = data.people.flatMap((person) =>
          person.cells.map(([capacity, allocated, tentative, daysOff, utilization, hoursOff], index) => ({
            user_id: person.id,
            period_start: data.periods[index].start,
            capacity,
            allocated,
            tentative,
            time_off_days: daysOff,
            utilization,
            time_off_hours: hoursOff,
          })),
        );
        const byKey = (rows: { user_id: string; period_start: string }[]) =>
          [...rows].sort((a, b) => `${a.user_id}${a.period_start}`.localeCompare(`${b.user_id}${b.period_start}`));
        expect(byKey(actual)).toEqual(byKey(expected));
        // Days off carry no work; a week or month with some days off still carries the work of the others.
        const withDaysOff = actual.filter((cell) => cell.time_off_days > 0);
        expect(withDaysOff.length).toBeGreaterThan(0);
        if (period === 'day')
          expect(withDaysOff.every((cell) => cell.allocated === 0 && cell.capacity === 0)).toBe(true);
        else expect(withDaysOff.some((cell) => cell.allocated > 0)).toBe(true);
        // The partial day off has a day and a week of its own; its month has whole days off too.
        if (period !== 'month')
          expect(actual.some((cell) => cell.time_off_days === 0 && cell.time_off_hours > 0)).toBe(true);
      });
    }
  }

  it('widens the range to whole periods and lists each period once', async () => {
    const data = await plannerData('2026-03-04', '2026-03-18', 'week', true);
    expect([data.from, data.to]).toEqual(['2026-03-02', '2026-03-22']);
    expect(data.periods).toEqual([
      { start: '2026-03-02', end: '2026-03-08' },
      { start: '2026-03-09', end: '2026-03-15' },
      { start: '2026-03-16', end: '2026-03-22' },
    ]);
  });

  it('returns people by name with their job, capacity and allocations in range, and the projects', async () => {
    const data = await plannerData('2026-03-02', '2026-03-08', 'week', true);
    expect(data.people.map((person) => person.full_name)).toEqual(['Admin', 'Full Timer', 'Part Timer']);
    expect(data.people.find((person) => person.id === partTimer)?.weekly_capacity_hours).toBe(20);
    expect(data.projects).toEqual([expect.objectContaining({ id: project, name: 'Apollo', color: '#1c7ed6' })]);
    const full = data.people.find((person) => person.id === fullTimer)!;
    expect(full.allocations).toEqual([
      [expect.any(String), 0, '2026-02-20', '2026-03-11', 6, false, null, null, expect.any(String)],
      [expect.any(String), 0, '2026-03-04', '2026-03-31', 4, true, null, null, expect.any(String)],
    ]);
    const later = await plannerData('2026-04-13', '2026-04-19', 'week', false);
    expect(later.people.find((person) => person.id === fullTimer)?.allocations.map((a) => a[2])).toEqual([
      '2026-03-28',
    ]);
    expect(later.people.flatMap((person) => person.allocations).every((allocation) => !allocation[5])).toBe(true);
    expect(later.people.find((person) => person.id === admin)?.allocations).toEqual([]);
  });

  it('takes days off out of the work: 8 h a day Mon-Fri with Tue-Wed off is 24 of 24 hours, not over', async () => {
    const week = await plannerData('2026-05-04', '2026-05-10', 'week', true);
    const full = week.people.find((person) => person.id === fullTimer)!;
    expect(full.cells).toEqual([[24, 24, 0, 2, 1, 16]]);
    expect(full.time_off).toEqual([[expect.any(String), '2026-05-05', '2026-05-06', null, 'vacation']]);
    const days = await plannerData('2026-05-04', '2026-05-08', 'day', true);
    expect(days.people.find((person) => person.id === fullTimer)!.cells).toEqual([
      [8, 8, 0, 0, 1, 0],
      [0, 0, 0, 1, null, 8],
      [0, 0, 0, 1, null, 8],
      [8, 8, 0, 0, 1, 0],
      [8, 8, 0, 0, 1, 0],
    ]);
  });

  it('takes a partial day off out of capacity only, and lists it with its hours', async () => {
    const day = await plannerData('2026-03-10', '2026-03-10', 'day', true);
    const part = day.people.find((person) => person.id === partTimer)!;
    // 6.67 h of capacity less 2 h off; 5 h booked and 8 h tentative still count: over-allocated.
    expect(part.cells).toEqual([[4.67, 13, 8, 0, 2.7837, 2]]);
    expect(part.time_off).toEqual([[expect.any(String), '2026-03-10', '2026-03-10', 2, 'vacation']]);
  });

  it('refuses periods it does not know and ranges over two years', async () => {
    await expect(plannerData('2026-03-02', '2026-03-08', 'year', true)).rejects.toThrow(/day, week or month/);
    await expect(plannerData('2026-01-01', '2028-06-01', 'week', true)).rejects.toThrow(/two years/);
  });
});

describe('planner_data through the data API', () => {
  it('answers a member in one request and refuses the anonymous and non-members', async () => {
    const { client } = await signedUpClient(h, 'member@example.com', 'Member');
    const member = await client.rpc('planner_data', {
      p_from: '2026-03-02',
      p_to: '2026-03-29',
      p_period: 'week',
      p_include_tentative: true,
    });
    expect(member.error).toBeNull();
    expect((member.data as PlannerData).periods).toHaveLength(4);

    await h.db.query('delete from organization_users where user_id = (select id from auth.users where email = $1)', [
      'member@example.com',
    ]);
    const outsider = await client.rpc('planner_data', { p_from: '2026-03-02', p_to: '2026-03-29' });
    expect(outsider.error?.code).toBe('42501');
    const anonymous = await anonClient(h).rpc('planner_data', { p_from: '2026-03-02', p_to: '2026-03-29' });
    expect(anonymous.data).toBeNull();
    expect(anonymous.error).not.toBeNull();
  });
});
