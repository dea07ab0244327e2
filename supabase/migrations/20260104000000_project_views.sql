-- Project summaries for the project list and a project's header: each project with how many people work on it and
-- how many hours are planned, computed in one pass so that opening the list is one query however many projects.

-- Work days of a set (ISO weekdays) in a date range, both ends included, in plain arithmetic: each weekday of the
-- set occurs once per whole week, plus once more when it falls among the remaining days (time off aside). It states
-- for one range the rule private.project_totals applies to every allocation (which looks the count up per work-day
-- pattern instead, being faster over 20,000 allocations), for queries and checks of those figures by hand. One
-- expression, no SET clause, so Postgres can inline it into a calling query; only built-in operators appear, and
-- those resolve from pg_catalog whatever the search path.
create function private.work_day_count(p_start date, p_end date, p_work_days int[])
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
-- each of the person's work days, except the days they are wholly away (a partial day off leaves the allocation's
-- hours as they are). The work days of a range are W(end + 1) - W(start), where W(x) counts the work days of the x
-- days since a Monday: whole weeks times the pattern's days per week, plus the pattern's days among the first x mod 7
-- weekdays, looked up per distinct pattern rather than testing each weekday of each of 20,000 allocations. Each
-- whole-day time off entry takes back, from each allocation of its person that it overlaps, the hours of the work
-- days they share, counted the same way (one person's entries never overlap, so no day is taken back twice).
-- Security definer so that membership is checked once for the whole answer instead of by the allocations' and
-- profiles' policies on each of thousands of rows (seconds instead of milliseconds); non-members get nothing, as
-- those policies would give them; the service role sees all.
create function private.project_totals()
returns table (project_id uuid, people_count int, allocation_count int, planned_hours numeric, tentative_hours numeric)
language sql stable security definer
set search_path = ''
as $$
  with org as (
    select work_days, default_weekly_hours from public.organization limit 1
  ),
  people as materialized (
    select pr.id, coalesce(nullif(pr.work_days, '{}'), org.work_days) as work_days,
           coalesce(pr.weekly_capacity_hours, org.default_weekly_hours) as weekly_hours
    from public.profiles pr
    cross join org
  ),
  -- upto[k + 1]: how many of the pattern's weekdays fall among the first k days of a week from Monday.
  patterns as materialized (
    select pt.work_days,
           (select count(*) from generate_series(1, 7) as d where d = any (pt.work_days))::int as per_week,
           array(select (select count(*) from generate_series(1, k) as d where d = any (pt.work_days))::int
                 from generate_series(0, 7) as k order by k) as upto
    from (select distinct people.work_days from people) pt
  ),
  calendars as materialized (
    select pe.id, pa.per_week, pa.upto, round(pe.weekly_hours / cardinality(pe.work_days), 2) as day_hours
    from people pe
    join patterns pa on pa.work_days = pe.work_days
  ),
  -- Whole-day time off entries (a few per person), each with its person's calendar.
  whole_days_off as materialized (
    select t.user_id, t.start_date, t.end_date, c.per_week, c.upto
    from private.time_off_entries t
    join calendars c on c.id = t.user_id
    where t.hours is null or t.hours >= c.day_hours
  ),
  -- Days since Monday 2001-01-01 of the first day and of the day after the last: of each allocation (its hours
  -- booked), and of each part of an allocation under a whole day off (its hours taken back).
  spans as (
    select a.project_id, a.user_id, a.tentative, a.hours_per_day as rate, true as booking, c.per_week, c.upto,
           a.start_date - date '2001-01-01' as s, a.end_date - date '2001-01-01' + 1 as e
    from public.allocations a
    join calendars c on c.id = a.user_id
    where (select private.is_member() or auth.role() = 'service_role')
    union all
    select a.project_id, a.user_id, a.tentative, -a.hours_per_day, false, o.per_week, o.upto,
           greatest(a.start_date, o.start_date) - date '2001-01-01',
           least(a.end_date, o.end_date) - date '2001-01-01' + 1
    from whole_days_off o
    join public.allocations a on a.user_id = o.user_id and a.start_date <= o.end_date and a.end_date >= o.start_date
    where (select private.is_member() or auth.role() = 'service_role')
  ),
  booked as (
    select spans.project_id, spans.user_id, spans.tentative, spans.booking,
           spans.rate * (
             (spans.e - (spans.e % 7 + 7) % 7) / 7 * spans.per_week + spans.upto[(spans.e % 7 + 7) % 7 + 1]
             - (spans.s - (spans.s % 7 + 7) % 7) / 7 * spans.per_week - spans.upto[(spans.s % 7 + 7) % 7 + 1]
           ) as hours
    from spans
  )
  select booked.project_id,
         count(distinct booked.user_id)::int,
         count(*) filter (where booked.booking)::int,
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
