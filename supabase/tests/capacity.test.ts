// Capacity and utilization as the database computes them: work days, part-time people, time off, overlapping and
// tentative allocations, and the periods the planner shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../apps/backend/test/harness.ts';
import { asUser, createAccount } from './sql.ts';

let h: Harness;
let admin: string;
let fullTimer: string;
let partTimer: string;
let project: string;

// 2026-03-02 is a Monday.
const MONDAY = '2026-03-02';
const FRIDAY = '2026-03-06';
const SUNDAY = '2026-03-08';

beforeAll(async () => {
  h = await createHarness();
  admin = await createAccount(h.db, 'admin@example.com', 'Admin');
  fullTimer = await createAccount(h.db, 'full@example.com', 'Full Timer');
  partTimer = await createAccount(h.db, 'part@example.com', 'Part Timer');
  // 20 hours over Monday to Wednesday.
  await h.db.query("update profiles set weekly_capacity_hours = 20, work_days = '{1,2,3}' where id = $1", [partTimer]);
  const { rows } = await h.db.query<{ id: string }>("insert into projects (name) values ('Apollo') returning id");
  project = rows[0].id;
});
afterAll(() => h.close());

interface Period {
  period_start: string;
  capacity_hours: string;
  allocated_hours: string;
  tentative_hours: string;
  time_off_days: number;
  utilization: string | null;
  over_allocated: boolean;
}

async function utilization(userId: string, from: string, to: string, period = 'week', includeTentative = true) {
  const { rows } = await asUser(h.db, admin, (tx) =>
    tx.query<Period>(
      `select period_start, capacity_hours::text, allocated_hours::text, tentative_hours::text, time_off_days,
              utilization::text, over_allocated
       from utilization($1, $2, $3, $4, array[$5]::uuid[])`,
      [from, to, period, includeTentative, userId],
    ),
  );
  return rows;
}

async function allocate(userId: string, start: string, end: string, hours: number, tentative = false) {
  await h.db.query(
    'insert into allocations (project_id, user_id, start_date, end_date, hours_per_day, tentative) values ($1, $2, $3, $4, $5, $6)',
    [project, userId, start, end, hours, tentative],
  );
}

describe('utilization', () => {
  it('gives a full-time person 40 hours over the five work days of a week, and nothing booked', async () => {
    const [week] = await utilization(fullTimer, MONDAY, SUNDAY);
    expect(week).toMatchObject({
      period_start: MONDAY,
      capacity_hours: '40.00',
      allocated_hours: '0',
      over_allocated: false,
    });
    expect(Number(week.utilization)).toBe(0);
  });

  it('spreads a part-time week over that person’s own work days', async () => {
    const days = await utilization(partTimer, MONDAY, SUNDAY, 'day');
    expect(days.map((d) => Number(d.capacity_hours))).toEqual([6.67, 6.67, 6.67, 0, 0, 0, 0]);
  });

  it('counts allocations on work days only, never at the weekend', async () => {
    await allocate(fullTimer, MONDAY, SUNDAY, 4);
    const [week] = await utilization(fullTimer, MONDAY, SUNDAY);
    expect(Number(week.allocated_hours)).toBe(20);
    expect(Number(week.utilization)).toBe(0.5);
  });

  it('adds overlapping allocations and flags over-allocation without blocking it', async () => {
    await allocate(fullTimer, MONDAY, FRIDAY, 6);
    const [week] = await utilization(fullTimer, MONDAY, SUNDAY);
    expect(Number(week.allocated_hours)).toBe(50);
    expect(Number(week.utilization)).toBe(1.25);
    expect(week.over_allocated).toBe(true);
  });

  it('includes tentative work or leaves it out on request', async () => {
    await allocate(partTimer, MONDAY, SUNDAY, 2, true);
    const [withTentative] = await utilization(partTimer, MONDAY, SUNDAY, 'week', true);
    const [withoutTentative] = await utilization(partTimer, MONDAY, SUNDAY, 'week', false);
    expect(Number(withTentative.allocated_hours)).toBe(6);
    expect(Number(withTentative.tentative_hours)).toBe(6);
    expect(Number(withoutTentative.allocated_hours)).toBe(0);
  });

  it('takes time off out of capacity, and flags work planned on it', async () => {
    const next = { monday: '2026-03-09', sunday: '2026-03-15' };
    await h.db.query(
      "insert into time_off (user_id, start_date, end_date, kind) values ($1, '2026-03-09', '2026-03-10', 'vacation')",
      [fullTimer],
    );
    await allocate(fullTimer, next.monday, next.monday, 8);
    const [week] = await utilization(fullTimer, next.monday, next.sunday);
    expect(week).toMatchObject({ capacity_hours: '24.00', time_off_days: 2 });
    const [monday] = await utilization(fullTimer, next.monday, next.monday, 'day');
    expect(monday).toMatchObject({ over_allocated: true, utilization: null });
    expect(Number(monday.capacity_hours)).toBe(0);
  });

  it('groups by month', async () => {
    const months = await utilization(partTimer, '2026-03-01', '2026-04-30', 'month');
    expect(months.map((m) => m.period_start)).toEqual(['2026-03-01', '2026-04-01']);
  });

  it('refuses an unknown period or a reversed range with a clear message', async () => {
    await expect(utilization(fullTimer, MONDAY, SUNDAY, 'fortnight')).rejects.toMatchObject({
      message: 'The period must be day, week or month.',
    });
    await expect(utilization(fullTimer, SUNDAY, MONDAY)).rejects.toMatchObject({
      message: 'The end of the range must not be before its start.',
    });
  });

  it('shows nothing to someone who is not a member', async () => {
    const outsider = await createAccount(h.db, 'outsider@example.com');
    await h.db.query('delete from organization_users where user_id = $1', [outsider]);
    const { rows } = await asUser(h.db, outsider, (tx) =>
      tx.query('select * from utilization($1, $2)', [MONDAY, SUNDAY]),
    );
    expect(rows).toEqual([]);
  });
});

describe('time off notes', () => {
  it('show to the person and planners, not to other members', async () => {
    const colleague = await createAccount(h.db, 'colleague@example.com');
    await asUser(h.db, partTimer, (tx) =>
      tx.query(
        "insert into time_off (user_id, start_date, end_date, kind, note) values ($1, '2026-05-04', '2026-05-04', 'other', 'Dentist')",
        [partTimer],
      ),
    );
    const noteSeenBy = async (userId: string) =>
      (
        await asUser(h.db, userId, (tx) =>
          tx.query<{ note: string | null }>('select note from time_off where user_id = $1 and kind = $2', [
            partTimer,
            'other',
          ]),
        )
      ).rows;
    expect(await noteSeenBy(partTimer)).toEqual([{ note: 'Dentist' }]);
    expect(await noteSeenBy(admin)).toEqual([{ note: 'Dentist' }]);
    expect(await noteSeenBy(colleague)).toEqual([{ note: null }]);
  });

  it('cannot be written for someone else by a member who does not plan', async () => {
    const colleague = await createAccount(h.db, 'colleague2@example.com');
    const error = await asUser(h.db, colleague, (tx) =>
      tx.query("insert into time_off (user_id, start_date, end_date) values ($1, '2026-06-01', '2026-06-02')", [
        partTimer,
      ]),
    ).catch((e: { code: string }) => e);
    expect(error).toMatchObject({ code: '42501' });
  });
});
