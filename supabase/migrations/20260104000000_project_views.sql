-- Project summaries for the project list and a project's header: each project with how many people work on it and
-- how many hours are planned, computed in one pass so that opening the list is one query however many projects.

-- Work days of a set (ISO weekdays) in a date range, both ends included, in plain arithmetic: each weekday of the
-- set occurs once per whole week, plus once more when it falls among the remaining days. One expression, no SET
-- clause: Postgres inlines it into the view's query, where a called function would cost seconds over 20,000
-- allocations. Only built-in operators appear, and those resolve from pg_catalog whatever the search path.
create or replace function private.work_day_count(p_start date, p_end date, p_work_days int[])
returns int
language sql immutable parallel safe
as $$
  select case when p_end < p_start then 0 else
    (1 = any (p_work_days))::int
        * ((p_end - p_start + 1) / 7 + (((1 - extract(isodow from p_start)::int + 7) % 7) < (p_end - p_start + 1) % 7)::int)
    + (2 = any (p_work_days))::int
        * ((p_end - p_start + 1) / 7 + (((2 - extract(isodow from p_start)::int + 7) % 7) < (p_end - p_start + 1) % 7)::int)
    + (3 = any (p_work_days))::int
        * ((p_end - p_start + 1) / 7 + (((3 - extract(isodow from p_start)::int + 7) % 7) < (p_end - p_start + 1) % 7)::int)
    + (4 = any (p_work_days))::int
        * ((p_end - p_start + 1) / 7 + (((4 - extract(isodow from p_start)::int + 7) % 7) < (p_end - p_start + 1) % 7)::int)
    + (5 = any (p_work_days))::int
        * ((p_end - p_start + 1) / 7 + (((5 - extract(isodow from p_start)::int + 7) % 7) < (p_end - p_start + 1) % 7)::int)
    + (6 = any (p_work_days))::int
        * ((p_end - p_start + 1) / 7 + (((6 - extract(isodow from p_start)::int + 7) % 7) < (p_end - p_start + 1) % 7)::int)
    + (7 = any (p_work_days))::int
        * ((p_end - p_start + 1) / 7 + (((7 - extract(isodow from p_start)::int + 7) % 7) < (p_end - p_start + 1) % 7)::int)
  end
$$;
comment on function private.work_day_count(date, date, int[]) is
  'How many days of the range (inclusive) fall on the given ISO weekdays; used to turn hours per day into hours.';
grant execute on function private.work_day_count(date, date, int[]) to authenticated, service_role;

-- People and planned hours per project. Planned hours follow public.utilization's rule: an allocation books its hours on
-- each of the person's work days. Security definer so that membership is checked once for the whole answer instead
-- of by the allocations' and profiles' policies on each of thousands of rows (seconds instead of milliseconds);
-- non-members get nothing, as those policies would give them; the service role sees all.
create or replace function private.project_totals()
returns table (project_id uuid, people_count int, allocation_count int, planned_hours numeric, tentative_hours numeric)
language sql stable security definer
set search_path = ''
as $$
  with org as (
    select work_days from public.organization limit 1
  ),
  booked as (
    select a.project_id, a.user_id, a.tentative,
           a.hours_per_day * private.work_day_count(a.start_date, a.end_date,
             coalesce(nullif(pr.work_days, '{}'), org.work_days)) as hours
    from public.allocations a
    join public.profiles pr on pr.id = a.user_id
    cross join org
    where (select private.is_member() or auth.role() = 'service_role')
  )
  select booked.project_id,
         count(distinct booked.user_id)::int,
         count(*)::int,
         sum(booked.hours),
         coalesce(sum(booked.hours) filter (where booked.tentative), 0)
  from booked
  group by booked.project_id
$$;
comment on function private.project_totals() is
  'Per project: distinct people, allocations, planned and tentative hours; empty for anyone who is not a member.';
revoke execute on function private.project_totals() from public;
grant execute on function private.project_totals() to authenticated, service_role;

-- The project list's one query. Security invoker: projects' own policies decide which rows show.
create view public.project_summaries with (security_invoker = true) as
  select p.id, p.name, p.code, p.client, p.description, p.color, p.status, p.start_date, p.end_date,
         p.budget_hours, p.created_by, p.created_at, p.updated_at,
         p.status in ('completed', 'cancelled') as archived,
         coalesce(totals.people_count, 0) as people_count,
         coalesce(totals.allocation_count, 0) as allocation_count,
         coalesce(totals.planned_hours, 0) as planned_hours,
         coalesce(totals.tentative_hours, 0) as tentative_hours
  from public.projects p
  left join private.project_totals() as totals on totals.project_id = p.id;
comment on view public.project_summaries is
  'Projects with their people count and planned hours (tentative included, and apart); reads as the caller.';
