// Loads a generated organization straight into a database with a few set-based statements: fast enough for the
// benchmarks' thousand people and twenty thousand allocations. (The demo goes through the public APIs instead.)
import type { Db } from '../../apps/backend/src/db/types.ts';
import type { Organization } from '../../scripts/demo/organization.ts';

const CHUNK = 2000;

async function inChunks<T>(rows: T[], load: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await load(rows.slice(i, i + CHUNK));
}

export async function loadOrganizationSql(db: Db, org: Organization): Promise<void> {
  await inChunks(org.people, (people) =>
    db.query(
      `insert into auth.users (id, aud, role, email, raw_user_meta_data, raw_app_meta_data, email_confirmed_at, created_at, updated_at)
       select p.id, 'authenticated', 'authenticated', p.email, jsonb_build_object('full_name', p.full_name),
              '{"provider":"email","providers":["email"]}'::jsonb, now(), now(), now()
       from jsonb_to_recordset($1::jsonb) as p(id uuid, email text, full_name text)`,
      [people],
    ),
  );
  await inChunks(org.people, (people) =>
    db.query(
      `update public.profiles pr set job_title = p.job_title, weekly_capacity_hours = p.weekly_capacity_hours,
              work_days = p.work_days
       from jsonb_to_recordset($1::jsonb) as p(id uuid, job_title text, weekly_capacity_hours numeric, work_days int[])
       where pr.id = p.id`,
      [people],
    ),
  );
  await inChunks(org.people, (people) =>
    db.query(
      `update public.organization_users ou set can_manage_users = p.can_manage_users,
              can_manage_projects = p.can_manage_projects, can_manage_announcements = p.can_manage_announcements
       from jsonb_to_recordset($1::jsonb)
         as p(id uuid, can_manage_users boolean, can_manage_projects boolean, can_manage_announcements boolean)
       where ou.user_id = p.id`,
      [people],
    ),
  );
  await inChunks(org.projects, (projects) =>
    db.query(
      `insert into public.projects (id, name, code, client, description, color, status, start_date, end_date, budget_hours)
       select * from jsonb_to_recordset($1::jsonb) as p(id uuid, name text, code text, client text, description text,
         color text, status text, start_date date, end_date date, budget_hours numeric)`,
      [projects],
    ),
  );
  await inChunks(org.allocations, (allocations) =>
    db.query(
      `insert into public.allocations (id, project_id, user_id, start_date, end_date, hours_per_day, tentative, role)
       select * from jsonb_to_recordset($1::jsonb) as a(id uuid, project_id uuid, user_id uuid, start_date date,
         end_date date, hours_per_day numeric, tentative boolean, role text)`,
      [allocations],
    ),
  );
  await inChunks(org.timeOff, (timeOff) =>
    db.query(
      `insert into private.time_off_entries (user_id, start_date, end_date, kind)
       select * from jsonb_to_recordset($1::jsonb) as t(user_id uuid, start_date date, end_date date, kind text)`,
      [timeOff],
    ),
  );
  await db.query('analyze');
}
