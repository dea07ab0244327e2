// Capacity and utilization as the database computes them: work days, part-time people, time off (whole and partial
// days), overlapping and tentative allocations, and the periods the planner shows.
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
  time_off_hours: string;
  utilization: string | null;
  over_allocated: boolean;
}

async function utilization(userId: string, from: string, to: string, period = 'week', includeTentative = true) {
  const { rows } = await asUser(h.db, admin, (tx) =>
    tx.query<Period>(
      `select period_start, capacity_hours::text, allocated_hours::text, tentative_hours::text, time_off_days,
              time_off_hours::text, utilization::text, over_allocated
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

describe('time off', () => {
  // 2026-03-16 is a Monday; every case has a person of its own.
  const WEEK = { monday: '2026-03-16', tuesday: '2026-03-17', wednesday: '2026-03-18', friday: '2026-03-20' };
  const WEEK_END = '2026-03-22';
  let people = 0;
  const newPerson = async () => {
    people += 1;
    return createAccount(h.db, `away${people}@example.com`, `Away ${people}`);
  };
  const takeOff = (userId: string, start: string, end: string, hours: number | null = null) =>
    h.db.query('insert into time_off (user_id, start_date, end_date, hours) values ($1, $2, $3, $4)', [
      userId,
      start,
      end,
      hours,
    ]);
  const figures = (rows: Period[]) =>
    rows.map((row) => [Number(row.capacity_hours), Number(row.allocated_hours), row.over_allocated]);
  // A period's figures as numbers, whatever scale the numeric text has.
  const summary = (row: Period) => ({
    capacity: Number(row.capacity_hours),
    allocated: Number(row.allocated_hours),
    tentative: Number(row.tentative_hours),
    daysOff: row.time_off_days,
    hoursOff: Number(row.time_off_hours),
    utilization: row.utilization === null ? null : Number(row.utilization),
    over: row.over_allocated,
  });

  // The example the planner's screens show too: 8 h a day Monday to Friday, away Tuesday and Wednesday.
  it('counts no work on days off: 8 h a day Mon-Fri with Tue-Wed off is 24 of 24 hours, not over', async () => {
    const person = await newPerson();
    await allocate(person, WEEK.monday, WEEK.friday, 8);
    await takeOff(person, WEEK.tuesday, WEEK.wednesday);
    const [week] = await utilization(person, WEEK.monday, WEEK_END);
    expect(summary(week)).toEqual({
      capacity: 24,
      allocated: 24,
      tentative: 0,
      daysOff: 2,
      hoursOff: 16,
      utilization: 1,
      over: false,
    });
    const days = await utilization(person, WEEK.monday, WEEK_END, 'day');
    expect(figures(days)).toEqual([
      [8, 8, false],
      [0, 0, false],
      [0, 0, false],
      [8, 8, false],
      [8, 8, false],
      [0, 0, false],
      [0, 0, false],
    ]);
    expect(days.map((day) => summary(day).utilization)).toEqual([1, null, null, 1, 1, null, null]);
  });

  it('shows a week wholly off as 0 of 0 hours, not over-allocated, tentative work included', async () => {
    const person = await newPerson();
    await allocate(person, WEEK.monday, WEEK.friday, 8);
    await allocate(person, WEEK.monday, WEEK_END, 2, true);
    await takeOff(person, WEEK.monday, WEEK_END);
    const [week] = await utilization(person, WEEK.monday, WEEK_END);
    expect(summary(week)).toEqual({
      capacity: 0,
      allocated: 0,
      tentative: 0,
      daysOff: 5,
      hoursOff: 40,
      utilization: null,
      over: false,
    });
  });

  it('takes a partial day off out of capacity and keeps the work: more than the rest of the day is over', async () => {
    const booked = await newPerson();
    await allocate(booked, WEEK.monday, WEEK.friday, 8);
    await takeOff(booked, WEEK.tuesday, WEEK.tuesday, 3);
    const [tuesday] = await utilization(booked, WEEK.tuesday, WEEK.tuesday, 'day');
    expect(summary(tuesday)).toMatchObject({ capacity: 5, allocated: 8, daysOff: 0, hoursOff: 3, over: true });
    const [week] = await utilization(booked, WEEK.monday, WEEK_END);
    expect(summary(week)).toMatchObject({ capacity: 37, allocated: 40, hoursOff: 3, over: true });

    const fitting = await newPerson();
    await allocate(fitting, WEEK.tuesday, WEEK.tuesday, 5);
    await takeOff(fitting, WEEK.tuesday, WEEK.tuesday, 3);
    const [fits] = await utilization(fitting, WEEK.tuesday, WEEK.tuesday, 'day');
    expect(summary(fits)).toMatchObject({ capacity: 5, allocated: 5, utilization: 1, over: false });
  });

  it('counts hours off at or above the day’s capacity as the whole day, and ignores days that are not work days', async () => {
    const person = await newPerson();
    // 20 hours over Monday to Wednesday: 6.67 hours a day.
    await h.db.query("update profiles set weekly_capacity_hours = 20, work_days = '{1,2,3}' where id = $1", [person]);
    await allocate(person, WEEK.monday, WEEK_END, 5);
    await takeOff(person, WEEK.monday, WEEK.monday, 7);
    await takeOff(person, WEEK.friday, WEEK_END, 2);
    const days = await utilization(person, WEEK.monday, WEEK_END, 'day');
    expect(figures(days)).toEqual([
      [0, 0, false],
      [6.67, 5, false],
      [6.67, 5, false],
      [0, 0, false],
      [0, 0, false],
      [0, 0, false],
      [0, 0, false],
    ]);
    const [week] = await utilization(person, WEEK.monday, WEEK_END);
    expect(summary(week)).toMatchObject({ capacity: 13.34, allocated: 10, daysOff: 1, hoursOff: 6.67 });
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
