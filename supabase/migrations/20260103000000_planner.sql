-- The planner's data for a date range in one request: the periods shown as columns, the projects, and the people as
-- rows with their utilization per period and their allocations that overlap the range. 1,000 people over 12 weeks
-- must arrive in one request well under 300 ms on the embedded database. Members read all of it (PRODUCT.md:
-- people, projects, allocations and who is away are not secret inside the organization; time off notes are left
-- out), so it checks membership once and reads the tables as their owner instead of evaluating the same membership
-- policy on every one of tens of thousands of rows.

---------------------------------------------------------------------------------------------------------------
-- Capacity and utilization, computed here and nowhere else. For each person and day of the range:
--   * day hours: the person's weekly hours spread over their work days (the organization's when not set), rounded
--     per day; a day that is not one of their work days has none, and nothing is booked on it.
--   * time off: an entry without hours, or with at least the day's hours, takes the whole day off: capacity 0 and
--     the person's allocations count no hours that day (they are not working). An entry with fewer hours takes those
--     hours out of the day's capacity and leaves the allocations as they are: booking more than the rest of the day
--     shows as over-allocation. One person's entries never overlap, so a day is taken off once.
--   * capacity: day hours minus the hours off; allocated: the sum of the allocations' hours per day (tentative ones
--     on request); utilization: allocated / capacity (none without capacity); over-allocated: allocated > capacity.
--     A week wholly off is 0 of 0 hours and not over-allocated.
-- Figures are summed per period (day, week from the organization's week start, or month) and counted per allocation
-- and period rather than per person and day: work days in any sub-range come from a running count per work-day
-- pattern, so 1,000 people over a quarter cost a few thousand rows instead of a hundred thousand. Only days off are
-- visited one by one (they are few), each taking back what that day's allocations booked. The figures come from one
-- aggregation over every contribution to a person's period (their work days, each allocation's hours, each day
-- off); joining people by periods to the bookings instead sorted and merged them, spilled to disk and cost most of
-- the planner's time.

-- The ranges the capacity functions accept, with messages a person understands.
create function private.check_plan_range(p_from date, p_to date, p_period text) returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  if p_from is null or p_to is null or p_period is null then
    raise exception 'The range and the period are required.' using errcode = '22023';
  end if;
  if p_period not in ('day', 'week', 'month') then
    raise exception 'The period must be day, week or month.' using errcode = '22023';
  end if;
  if p_to < p_from then
    raise exception 'The end of the range must not be before its start.' using errcode = '22023';
  end if;
  if p_to - p_from > 731 then
    raise exception 'The range may span two years at most.' using errcode = '22023';
  end if;
end;
$$;
grant execute on function private.check_plan_range(date, date, text) to authenticated, service_role;

create function private.period_utilization(
  range_from date,
  range_to date,
  p_period text,
  p_include_tentative boolean
)
returns table (
  user_id uuid,
  period_start date,
  period_end date,
  capacity_hours numeric,
  allocated_hours numeric,
  tentative_hours numeric,
  time_off_days int,
  time_off_hours numeric,
  utilization numeric
)
language sql stable
set search_path = ''
-- Joins run in the order written: estimates over CTEs are guesses, and a wrong guess multiplies people by days.
set join_collapse_limit = 1
as $$
  with org as (
    select o.default_weekly_hours, o.work_days, o.week_start from public.organization o limit 1
  ),
  people as (
    select p.id,
           coalesce(p.weekly_capacity_hours, org.default_weekly_hours) as weekly_hours,
           coalesce(nullif(p.work_days, '{}'), org.work_days) as work_days
    from public.profiles p
    cross join org
    join public.organization_users m on m.user_id = p.id
  ),
  -- Days of the range by index (0 = range_from) with the period each belongs to.
  days as (
    select i, (range_from + i) as day, extract(isodow from range_from + i)::int as weekday,
           case p_period
             when 'day' then range_from + i
             when 'week' then (range_from + i)
               - ((extract(isodow from range_from + i)::int - coalesce((select week_start from org), 1) + 7) % 7)
             else date_trunc('month', range_from + i)::date
           end as bucket
    from generate_series(0, range_to - range_from) as i
  ),
  periods as (
    select row_number() over (order by d.bucket)::int as k, d.bucket as period_start, max(d.day) as period_end,
           min(d.i) as first_i, max(d.i) as last_i
    from days d
    group by d.bucket
  ),
  -- One row of lookup arrays: the period of each day, and each period's first and last day.
  shape as (
    select (select array_agg(p.k order by d.i) from days d join periods p on p.period_start = d.bucket) as period_of,
           (select array_agg(p.first_i order by p.k) from periods p) as first_of,
           (select array_agg(p.last_i order by p.k) from periods p) as last_of,
           (range_to - range_from) as last_i
  ),
  -- For each work-day pattern: running count of work days, cum[i + 2] = work days among days 0..i (cum[1] = 0),
  -- so the work days between days s and e are cum[e + 2] - cum[s + 1].
  patterns as (
    select pt.work_days,
           array[0] || array_agg(c.upto order by c.i) as cum
    from (select distinct people.work_days from people) pt
    cross join lateral (
      select d.i, count(*) filter (where d.weekday = any (pt.work_days)) over (order by d.i) as upto
      from days d
    ) c
    group by pt.work_days
  ),
  people_cum as (
    select pe.id, round(pe.weekly_hours / cardinality(pe.work_days), 2) as day_hours, pa.cum
    from people pe
    join patterns pa on pa.work_days = pe.work_days
  ),
  -- Each of the person's work days off in the range: whether it is a whole day off, and the capacity it takes.
  away as (
    select t.user_id, i, shape.period_of[i + 1] as k,
           (t.hours is null or t.hours >= pc.day_hours) as whole_day,
           least(coalesce(t.hours, pc.day_hours), pc.day_hours) as hours_off
    from private.time_off_entries t
    join people_cum pc on pc.id = t.user_id
    cross join shape
    cross join lateral generate_series(greatest(t.start_date - range_from, 0),
                                       least(t.end_date - range_from, shape.last_i)) as i
    where t.start_date <= range_to and t.end_date >= range_from
      and pc.cum[i + 2] > pc.cum[i + 1]
  ),
  -- Everything that counts towards a person's period, one row each: the member's work days in every period (so
  -- every member has every period), an allocation's hours in each period it touches (on the person's work days),
  -- each work day off with the hours it takes from capacity, and for each whole day off the hours of each
  -- allocation booked on it, taken back.
  contributions as (
    select pc.id as user_id, pr.k, pc.day_hours, pc.cum[pr.last_i + 2] - pc.cum[pr.first_i + 1] as work_days,
           null::numeric as confirmed, null::numeric as tentative, null::int as whole_days_off,
           null::numeric as hours_off
    from people_cum pc
    cross join periods pr
    union all
    select parts.user_id, parts.k, null, null,
           case when not parts.tentative then parts.hours_per_day * parts.work_days end,
           case when parts.tentative then parts.hours_per_day * parts.work_days end,
           null, null
    from (
      select a.user_id, k, a.hours_per_day, a.tentative,
             pc.cum[least(a.end_date - range_from, shape.last_of[k]) + 2]
               - pc.cum[greatest(a.start_date - range_from, shape.first_of[k]) + 1] as work_days
      from public.allocations a
      join people_cum pc on pc.id = a.user_id
      cross join shape
      cross join lateral generate_series(
        shape.period_of[greatest(a.start_date - range_from, 0) + 1],
        shape.period_of[least(a.end_date - range_from, shape.last_i) + 1]) as k
      where a.start_date <= range_to and a.end_date >= range_from
    ) parts
    union all
    select away.user_id, away.k, null, null, null, null, away.whole_day::int, away.hours_off
    from away
    union all
    select away.user_id, away.k, null, null,
           case when not a.tentative then -a.hours_per_day end,
           case when a.tentative then -a.hours_per_day end,
           null, null
    from away
    join public.allocations a
      on a.user_id = away.user_id and a.start_date <= range_from + away.i and a.end_date >= range_from + away.i
    where away.whole_day and a.start_date <= range_to and a.end_date >= range_from
  ),
  figures as (
    select c.user_id, c.k,
           max(c.day_hours) * max(c.work_days) - coalesce(sum(c.hours_off), 0) as capacity_hours,
           coalesce(sum(c.confirmed), 0) + case when p_include_tentative then coalesce(sum(c.tentative), 0) else 0 end
             as allocated_hours,
           coalesce(sum(c.tentative), 0) as tentative_hours,
           coalesce(sum(c.whole_days_off), 0)::int as time_off_days,
           coalesce(sum(c.hours_off), 0) as time_off_hours
    from contributions c
    group by c.user_id, c.k
  )
  select f.user_id, pr.period_start, pr.period_end, f.capacity_hours, f.allocated_hours, f.tentative_hours,
         f.time_off_days, f.time_off_hours,
         case when f.capacity_hours > 0 then round(f.allocated_hours / f.capacity_hours, 4) end
  from figures f
  join periods pr on pr.k = f.k
$$;
comment on function private.period_utilization(date, date, text, boolean) is
  'Capacity, allocated hours and utilization per member and period of a range; reads what the caller may read.';
revoke execute on function private.period_utilization(date, date, text, boolean) from public;
grant execute on function private.period_utilization(date, date, text, boolean) to authenticated, service_role;

create function public.utilization(
  p_from date,
  p_to date,
  p_period text default 'week',
  p_include_tentative boolean default true,
  p_user_ids uuid[] default null
)
returns table (
  user_id uuid,
  period_start date,
  period_end date,
  capacity_hours numeric,
  allocated_hours numeric,
  tentative_hours numeric,
  time_off_days int,
  time_off_hours numeric,
  utilization numeric,
  over_allocated boolean
)
language plpgsql stable
set search_path = ''
as $$
begin
  perform private.check_plan_range(p_from, p_to, p_period);
  return query
  select u.user_id, u.period_start, u.period_end, u.capacity_hours, u.allocated_hours, u.tentative_hours,
         u.time_off_days, u.time_off_hours, u.utilization, u.allocated_hours > u.capacity_hours
  from private.period_utilization(p_from, p_to, p_period, p_include_tentative) u
  where p_user_ids is null or u.user_id = any (p_user_ids)
  order by u.user_id, u.period_start;
end;
$$;
comment on function public.utilization(date, date, text, boolean, uuid[]) is
  'Capacity, allocated hours and utilization per member and day, week (from the organization''s week start) or month.';

---------------------------------------------------------------------------------------------------------------
-- The planner's document:
--   { from, to, period, include_tentative,
--     periods: [{ start, end }],
--     projects: [{ id, name, color, status }]   (by name),
--     people: [{ id, full_name, email, job_title, weekly_capacity_hours,
--                cells: [[capacity, allocated, tentative, whole work days off, utilization, hours off], ...]
--                       (one per period),
--                allocations: [[id, project position, start_date, end_date, hours_per_day, tentative, role, note,
--                               updated_at (the version a change is made from)], ...],
--                time_off: [[id, start_date, end_date, hours, kind], ...] }]
--              (by name; allocations and time off by start) }
-- Each allocation is a short array inside its person, referring to its project by position, instead of an object
-- repeating every key and id, so the document is a fraction of the bytes. The cells carry what time off does to the
-- figures; the entries themselves are listed (without their notes) so that a bar can be drawn with a gap over the
-- days its person is away.

create function public.planner_data(
  p_from date,
  p_to date,
  p_period text default 'week',
  p_include_tentative boolean default true
)
returns json
language plpgsql stable security definer
set search_path = ''
as $$
declare
  week_start int := coalesce((select o.week_start from public.organization o limit 1), 1);
  range_from date;
  range_to date;
  result json;
begin
  if not (private.is_member() or auth.role() = 'service_role') then
    raise exception 'Only members of the organization can see the plan.' using errcode = '42501';
  end if;
  perform private.check_plan_range(p_from, p_to, p_period);
  -- Whole periods only: a range starting mid-week shows that whole week, as its column says.
  range_from := case p_period
    when 'day' then p_from
    when 'week' then p_from - ((extract(isodow from p_from)::int - week_start + 7) % 7)
    else date_trunc('month', p_from)::date
  end;
  range_to := case p_period
    when 'day' then p_to
    when 'week' then p_to + (6 - ((extract(isodow from p_to)::int - week_start + 7) % 7))
    else (date_trunc('month', p_to) + interval '1 month' - interval '1 day')::date
  end;

  with projects as (
    select pr.id, pr.name, pr.color, pr.status,
           (row_number() over (order by lower(pr.name), pr.id) - 1)::int as position
    from public.projects pr
  ),
  person_cells as (
    select c.user_id,
           json_agg(json_build_array(c.capacity_hours, c.allocated_hours, c.tentative_hours, c.time_off_days,
                                     c.utilization, c.time_off_hours) order by c.period_start) as cells
    from private.period_utilization(range_from, range_to, p_period, p_include_tentative) c
    group by c.user_id
  ),
  person_allocations as (
    select a.user_id,
           json_agg(json_build_array(a.id, pr.position, a.start_date, a.end_date, a.hours_per_day, a.tentative,
                                     a.role, a.note, a.updated_at) order by a.start_date, a.id) as allocations
    from public.allocations a
    join projects pr on pr.id = a.project_id
    where a.start_date <= range_to and a.end_date >= range_from
      and (p_include_tentative or not a.tentative)
    group by a.user_id
  ),
  person_time_off as (
    select t.user_id,
           json_agg(json_build_array(t.id, t.start_date, t.end_date, t.hours, t.kind) order by t.start_date)
             as time_off
    from private.time_off_entries t
    where t.start_date <= range_to and t.end_date >= range_from
    group by t.user_id
  ),
  people as (
    select p.id, p.full_name, p.email, p.job_title,
           coalesce(p.weekly_capacity_hours, (select o.default_weekly_hours from public.organization o limit 1))
             as weekly_capacity_hours
    from public.profiles p
    join public.organization_users m on m.user_id = p.id
  )
  select json_build_object(
    'from', range_from,
    'to', range_to,
    'period', p_period,
    'include_tentative', p_include_tentative,
    -- The range is whole periods, so they follow from its first day by steps of a period.
    'periods', (
      select json_agg(json_build_object(
               'start', s.first_day,
               'end', case p_period
                        when 'day' then s.first_day
                        when 'week' then s.first_day + 6
                        else (s.first_day + interval '1 month' - interval '1 day')::date
                      end) order by s.first_day)
      from (
        select g::date as first_day
        from generate_series(range_from::timestamp, range_to::timestamp, case p_period
                                                     when 'day' then interval '1 day'
                                                     when 'week' then interval '7 days'
                                                     else interval '1 month'
                                                   end) as g
      ) s
    ),
    'projects', coalesce((
      select json_agg(json_build_object('id', pr.id, 'name', pr.name, 'color', pr.color, 'status', pr.status)
             order by pr.position)
      from projects pr
    ), '[]'::json),
    'people', coalesce((
      select json_agg(json_build_object(
               'id', pe.id, 'full_name', pe.full_name, 'email', pe.email, 'job_title', pe.job_title,
               'weekly_capacity_hours', pe.weekly_capacity_hours, 'cells', coalesce(pc.cells, '[]'::json),
               'allocations', coalesce(pa.allocations, '[]'::json), 'time_off', coalesce(pt.time_off, '[]'::json))
             order by lower(coalesce(nullif(btrim(pe.full_name), ''), pe.email)), pe.id)
      from people pe
      left join person_cells pc on pc.user_id = pe.id
      left join person_allocations pa on pa.user_id = pe.id
      left join person_time_off pt on pt.user_id = pe.id
    ), '[]'::json)
  ) into result;
  return result;
end;
$$;
comment on function public.planner_data(date, date, text, boolean) is
  'The planner''s periods, projects, and people with their utilization cells, allocations and time off for a range, as one JSON document.';
grant execute on function public.planner_data(date, date, text, boolean) to authenticated, service_role;

---------------------------------------------------------------------------------------------------------------
-- Who is free: each member's hours between two dates (both included) by the rules above, capacity minus what is
-- booked (tentative work counted or not), the most free first. The allocation form's person picker calls it. Every
-- member may: the planner already shows each of them everyone's figures (PRODUCT.md: people, allocations and who is
-- away are not secret inside the organization). Like the planner, it checks membership once and reads the tables
-- as their owner. The range is summed from whole months (fewer rows per person than days or weeks).
create function public.availability(p_from date, p_to date, p_include_tentative boolean default true)
returns table (
  user_id uuid,
  full_name text,
  job_title text,
  capacity_hours numeric,
  allocated_hours numeric,
  free_hours numeric,
  time_off_days int,
  time_off_hours numeric
)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not (private.is_member() or auth.role() = 'service_role') then
    raise exception 'Only members of the organization can see who is free.' using errcode = '42501';
  end if;
  perform private.check_plan_range(p_from, p_to, 'day');
  return query
  select u.user_id, p.full_name, p.job_title, sum(u.capacity_hours), sum(u.allocated_hours),
         sum(u.capacity_hours) - sum(u.allocated_hours), sum(u.time_off_days)::int, sum(u.time_off_hours)
  from private.period_utilization(p_from, p_to, 'month', coalesce(p_include_tentative, true)) u
  join public.profiles p on p.id = u.user_id
  group by u.user_id, p.full_name, p.job_title, p.email
  order by sum(u.capacity_hours) - sum(u.allocated_hours) desc,
           lower(coalesce(nullif(btrim(p.full_name), ''), p.email)), u.user_id;
end;
$$;
comment on function public.availability(date, date, boolean) is
  'Each member''s capacity, booked and free hours between two dates, time off applied, the most free first.';
grant execute on function public.availability(date, date, boolean) to authenticated, service_role;
