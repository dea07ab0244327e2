-- What a planner should know before saving an allocation, without being stopped: the part of it outside the
-- project's dates, the project's budget with it added, the person's time off it overlaps, and whether it falls on any
-- of the person's work days at all. Allocations outside these lines stay allowed (planners sometimes need them); the
-- allocation forms and the planner show the answer as warnings.
--
-- The hours follow the rule of public.utilization and public.project_summaries: an allocation books its hours on
-- each of the person's work days, except the days they are wholly away (no hours, or at least a day's capacity off).

-- The work days of a person between two dates, how many of them are wholly off, and the hours an allocation of that
-- many hours a day books on the others. A day series: an allocation spans at most ten years, so a few thousand rows.
create function private.allocation_booking(p_user_id uuid, p_start date, p_end date, p_hours_per_day numeric)
returns table (work_days int, work_days_off int, hours numeric)
language sql stable security definer
set search_path = ''
as $$
  with person as (
    select coalesce(nullif(p.work_days, '{}'), o.work_days) as work_days,
           coalesce(p.weekly_capacity_hours, o.default_weekly_hours) as weekly_hours
    from public.profiles p
    cross join (select org.work_days, org.default_weekly_hours from public.organization org limit 1) o
    where p.id = p_user_id
  ),
  days as (
    select d::date as day,
           extract(isodow from d)::int = any (person.work_days) as working,
           exists (
             select 1 from private.time_off_entries t
             where t.user_id = p_user_id and d::date between t.start_date and t.end_date
               and (t.hours is null
                    or t.hours >= round(person.weekly_hours / cardinality(person.work_days), 2))
           ) as away
    from person, generate_series(p_start::timestamp, p_end::timestamp, interval '1 day') as d
  )
  select count(*) filter (where working)::int,
         count(*) filter (where working and away)::int,
         coalesce(p_hours_per_day * count(*) filter (where working and not away), 0)
  from days
$$;
comment on function private.allocation_booking(uuid, date, date, numeric) is
  'A person''s work days between two dates, those wholly off, and the hours booked at a rate on the rest.';
revoke execute on function private.allocation_booking(uuid, date, date, numeric) from public;
grant execute on function private.allocation_booking(uuid, date, date, numeric) to authenticated, service_role;

create function public.allocation_warnings(
  p_project_id uuid,
  p_user_id uuid,
  p_start_date date,
  p_end_date date,
  p_hours_per_day numeric,
  p_allocation_id uuid default null
)
returns json
language plpgsql stable security definer
set search_path = ''
as $$
declare
  project public.projects;
  booking record;
  earlier numeric := 0;
  planned numeric;
begin
  if not (private.is_member() or auth.role() = 'service_role') then
    raise exception 'Only members of the organization can see allocations.' using errcode = '42501';
  end if;
  if p_project_id is null or p_user_id is null or p_start_date is null or p_end_date is null
     or p_hours_per_day is null then
    raise exception 'The project, the person, the dates and the hours are required.' using errcode = '22023';
  end if;
  if p_end_date < p_start_date then
    raise exception 'The end date must not be before the start date.' using errcode = '22023';
  end if;
  if p_end_date - p_start_date >= 3660 then
    raise exception 'An allocation may span ten years at most.' using errcode = '22023';
  end if;
  select * into project from public.projects pr where pr.id = p_project_id;
  if not found then
    raise exception 'This project does not exist.' using errcode = 'P0002';
  end if;

  select * into booking from private.allocation_booking(p_user_id, p_start_date, p_end_date, p_hours_per_day);
  -- The project's planned hours without the allocation being changed, which the new figures replace.
  select coalesce(t.planned_hours, 0) into planned from private.project_totals() t where t.project_id = project.id;
  if p_allocation_id is not null then
    select b.hours into earlier
    from public.allocations a
    cross join lateral private.allocation_booking(a.user_id, a.start_date, a.end_date, a.hours_per_day) b
    where a.id = p_allocation_id and a.project_id = project.id;
  end if;

  return json_build_object(
    'project', json_build_object(
      'name', project.name,
      'start_date', project.start_date,
      'end_date', project.end_date,
      'budget_hours', project.budget_hours,
      'planned_hours', coalesce(planned, 0) - coalesce(earlier, 0)
    ),
    'days_before_project', case when project.start_date is null or p_start_date >= project.start_date then 0
                                else least(p_end_date + 1, project.start_date) - p_start_date end,
    'days_after_project', case when project.end_date is null or p_end_date <= project.end_date then 0
                               else p_end_date - greatest(p_start_date - 1, project.end_date) end,
    'work_days', booking.work_days,
    'work_days_off', booking.work_days_off,
    'hours', booking.hours,
    'time_off', coalesce((
      select json_agg(json_build_object('start_date', t.start_date, 'end_date', t.end_date, 'hours', t.hours,
                                        'kind', t.kind) order by t.start_date)
      from private.time_off_entries t
      where t.user_id = p_user_id and t.start_date <= p_end_date and t.end_date >= p_start_date
    ), '[]'::json)
  );
end;
$$;
comment on function public.allocation_warnings(uuid, uuid, date, date, numeric, uuid) is
  'What to warn about before saving an allocation: days outside the project, its budget, time off, work days.';
grant execute on function public.allocation_warnings(uuid, uuid, date, date, numeric, uuid)
  to authenticated, service_role;

-- When a project's dates are narrowed: its allocations that reach outside them are cut back to the project's dates.
-- Those wholly outside are left as they are (cutting them would leave nothing; the project page lists them). Runs as
-- the caller, so only project managers change anything (the allocations' policies); answers how many were cut.
create function public.clip_project_allocations(p_project_id uuid)
returns int
language plpgsql
set search_path = ''
as $$
declare
  clipped int;
begin
  with project as (
    select pr.id, coalesce(pr.start_date, '-infinity'::date) as first_day,
           coalesce(pr.end_date, 'infinity'::date) as last_day
    from public.projects pr
    where pr.id = p_project_id
  )
  update public.allocations a
  set start_date = greatest(a.start_date, project.first_day), end_date = least(a.end_date, project.last_day)
  from project
  where a.project_id = project.id
    and (a.start_date < project.first_day or a.end_date > project.last_day)
    and a.start_date <= project.last_day and a.end_date >= project.first_day;
  get diagnostics clipped = row_count;
  return clipped;
end;
$$;
comment on function public.clip_project_allocations(uuid) is
  'Cuts the project''s allocations back to its dates where they reach outside; answers how many were cut.';
grant execute on function public.clip_project_allocations(uuid) to authenticated, service_role;
