-- Allocations (who works on which project, when and how much) and time off (when someone is away).
-- Members read both; project managers plan allocations; a person records their own time off and managers
-- anyone's. Over-allocation is allowed and flagged by public.utilization (see the planner migration), never
-- blocked here. Time off takes work off: on a day a person is wholly away their allocations count no hours, and a
-- partial day off takes its hours out of that day's capacity (the planner migration states the rules in full).

create function private.is_planner() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select private.has_permission('can_manage_projects') or private.has_permission('can_manage_users')
$$;
comment on function private.is_planner() is 'Managers who plan people''s time: those who can manage projects or users.';
grant execute on function private.is_planner() to anon, authenticated, service_role;

---------------------------------------------------------------------------------------------------------------
-- allocations

create table public.allocations (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  start_date date not null,
  end_date date not null,
  hours_per_day numeric(4, 2) not null check (hours_per_day > 0 and hours_per_day <= 24),
  tentative boolean not null default false,
  role text check (char_length(role) <= 120),
  note text check (char_length(note) <= 2000),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by uuid default auth.uid() references auth.users (id) on delete set null,
  constraint allocations_dates_ordered check (end_date >= start_date),
  -- Ten years at most: a typo in a year must not plan someone for a century.
  constraint allocations_span_limited check (end_date - start_date < 3660)
);
comment on table public.allocations is 'A person working on a project for a date range (inclusive), some hours per work day.';
comment on column public.allocations.tentative is 'Pencilled in, not confirmed; capacity figures include it or not on request.';
comment on column public.allocations.updated_by is 'Who made the stored version: named when someone''s change is refused because this one came first. Null when made by the service role or maintenance.';

create index allocations_user_dates_idx on public.allocations (user_id, start_date, end_date);
create index allocations_project_dates_idx on public.allocations (project_id, start_date);
create index allocations_dates_idx on public.allocations (start_date, end_date);
create trigger allocations_touch before update on public.allocations
  for each row execute function private.touch_updated_at();

-- Whoever writes the row made this version: set here, so a client cannot name someone else. The audit trail says the
-- same but only user managers may read it; every planner who meets a refused change needs to know whose came first.
create function private.stamp_updated_by() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_by := auth.uid();
  return new;
end;
$$;
create trigger allocations_stamp_updated_by before insert or update on public.allocations
  for each row execute function private.stamp_updated_by();

alter table public.allocations enable row level security;
create policy "Members can read allocations" on public.allocations
  for select to authenticated using ((select private.is_member()));
create policy "Project managers can create allocations" on public.allocations
  for insert to authenticated with check ((select private.has_permission('can_manage_projects')));
create policy "Project managers can change allocations" on public.allocations
  for update to authenticated
  using ((select private.has_permission('can_manage_projects')))
  with check ((select private.has_permission('can_manage_projects')));
create policy "Project managers can delete allocations" on public.allocations
  for delete to authenticated using ((select private.has_permission('can_manage_projects')));

---------------------------------------------------------------------------------------------------------------
-- time off: rows in a private table, shown through the public.time_off view, which hides the note from everyone
-- but the person and planners (members may see that someone is away, not why).
--
-- An entry without hours is a whole day off on each of its days; with hours, that many hours off each day and the
-- rest of the day worked. The hours are checked against a day (at most 24) rather than the person's capacity, which
-- may change after the entry is made: hours at or above the day's capacity count as the whole day off. One person's
-- entries never overlap (the exclusion constraint below), so no day is ever taken off twice.

-- The exclusion constraint compares the person (a uuid) with = inside a GiST index, which btree_gist provides.
create extension if not exists btree_gist with schema extensions;

create table private.time_off_entries (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  start_date date not null,
  end_date date not null,
  hours numeric(4, 2),
  kind text not null default 'vacation' check (kind in ('vacation', 'sick', 'public_holiday', 'other')),
  note text check (char_length(note) <= 2000),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint time_off_dates_ordered check (end_date >= start_date),
  constraint time_off_span_limited check (end_date - start_date < 366),
  constraint time_off_hours_per_day check (hours > 0 and hours <= 24),
  constraint time_off_no_overlap exclude using gist (user_id with =, daterange(start_date, end_date, '[]') with &&)
);
comment on column private.time_off_entries.hours is
  'Hours off on each day of the entry; null for whole days. At or above the day''s capacity it is the whole day.';
create index time_off_user_dates_idx on private.time_off_entries (user_id, start_date, end_date);

alter table private.time_off_entries enable row level security;
create policy "Members can see who is away" on private.time_off_entries
  for select to authenticated using ((select private.is_member()));
create policy "People record their own time off; planners anyone's" on private.time_off_entries
  for insert to authenticated
  with check ((select private.is_member()) and (user_id = (select auth.uid()) or (select private.is_planner())));
create policy "People change their own time off; planners anyone's" on private.time_off_entries
  for update to authenticated
  using (user_id = (select auth.uid()) or (select private.is_planner()))
  with check (user_id = (select auth.uid()) or (select private.is_planner()));
create policy "People remove their own time off; planners anyone's" on private.time_off_entries
  for delete to authenticated using (user_id = (select auth.uid()) or (select private.is_planner()));
grant select, insert, update, delete on private.time_off_entries to authenticated, service_role;

-- The note's condition asks about the caller in scalar subqueries, once per statement as the policies do.
create view public.time_off with (security_invoker = true) as
  select t.id, t.user_id, t.start_date, t.end_date, t.hours, t.kind,
         case when t.user_id = (select auth.uid()) or (select private.is_planner())
                   or (select auth.role()) = 'service_role'
              then t.note end as note,
         t.created_by, t.created_at
  from private.time_off_entries t;
comment on view public.time_off is
  'Time off of the organization''s people, whole days or hours a day; the note shows only to the person and planners.';

-- Writes through the view go to the table, as the caller (so its policies apply), and return what the view shows.
create function private.write_time_off() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  saved private.time_off_entries;
begin
  if tg_op = 'INSERT' then
    insert into private.time_off_entries (id, user_id, start_date, end_date, hours, kind, note, created_by)
    values (coalesce(new.id, gen_random_uuid()), new.user_id, new.start_date, new.end_date, new.hours,
            coalesce(new.kind, 'vacation'), new.note, coalesce(new.created_by, auth.uid()))
    returning * into saved;
  elsif tg_op = 'UPDATE' then
    update private.time_off_entries
    set user_id = new.user_id, start_date = new.start_date, end_date = new.end_date, hours = new.hours,
        kind = new.kind,
        -- An unchanged masked note (null) must not erase the stored one.
        note = case when new.note is distinct from old.note then new.note else note end
    where id = old.id
    returning * into saved;
    if not found then return null; end if;
  else
    delete from private.time_off_entries where id = old.id;
    if not found then return null; end if;
    return old;
  end if;
  new.id := saved.id;
  new.kind := saved.kind;
  new.note := saved.note;
  new.created_by := saved.created_by;
  new.created_at := saved.created_at;
  return new;
end;
$$;

create trigger time_off_write instead of insert or update or delete on public.time_off
  for each row execute function private.write_time_off();

---------------------------------------------------------------------------------------------------------------
-- What a time off would overlap: the person's allocations with at least one of their work days between the dates,
-- and the hours each books on those days (hours the person would not work if the days are taken wholly off). The
-- time off form calls it while someone picks dates, so it can say "this takes 16 hours off Apollo". Read as the
-- caller, so allocations and projects show as their policies allow; anyone who is not a member is refused.
create function public.time_off_overlaps(p_user_id uuid, p_start_date date, p_end_date date)
returns table (
  allocation_id uuid,
  project_id uuid,
  project_name text,
  project_color text,
  start_date date,
  end_date date,
  hours_per_day numeric,
  tentative boolean,
  overlap_start date,
  overlap_end date,
  work_days int,
  hours numeric
)
language plpgsql stable
set search_path = ''
as $$
begin
  if p_user_id is null or p_start_date is null or p_end_date is null then
    raise exception 'The person and the dates are required.' using errcode = '22023';
  end if;
  if p_end_date < p_start_date then
    raise exception 'The last day must not be before the first day.' using errcode = '22023';
  end if;
  if p_end_date - p_start_date >= 366 then
    raise exception 'One entry of time off may span a year at most. Split longer absences.' using errcode = '22023';
  end if;
  if not (private.is_member() or auth.role() = 'service_role') then
    raise exception 'Only members of the organization can see allocations.' using errcode = '42501';
  end if;
  return query
  select ov.id, ov.project_id, ov.project_name, ov.project_color, ov.start_date, ov.end_date, ov.hours_per_day,
         ov.tentative, ov.overlap_start, ov.overlap_end, ov.work_days, ov.hours_per_day * ov.work_days
  from (
    select a.id, a.project_id, pr.name as project_name, pr.color as project_color, a.start_date, a.end_date,
           a.hours_per_day, a.tentative,
           greatest(a.start_date, p_start_date) as overlap_start, least(a.end_date, p_end_date) as overlap_end,
           (select count(*)::int
            from generate_series(greatest(a.start_date, p_start_date), least(a.end_date, p_end_date),
                                 interval '1 day') as d
            where extract(isodow from d)::int = any (person.work_days)) as work_days
    from public.allocations a
    join public.projects pr on pr.id = a.project_id
    cross join (
      select coalesce(nullif(p.work_days, '{}'), org.work_days) as work_days
      from public.profiles p
      cross join (select o.work_days from public.organization o limit 1) org
      where p.id = p_user_id
    ) person
    where a.user_id = p_user_id and a.start_date <= p_end_date and a.end_date >= p_start_date
  ) ov
  where ov.work_days > 0
  order by ov.start_date, lower(ov.project_name), ov.id;
end;
$$;
comment on function public.time_off_overlaps(uuid, date, date) is
  'The person''s allocations on their work days between two dates, with the hours they book there; members only.';
grant execute on function public.time_off_overlaps(uuid, date, date) to authenticated, service_role;
