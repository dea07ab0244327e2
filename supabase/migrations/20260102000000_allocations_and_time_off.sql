-- Allocations (who works on which project, when and how much) and time off (when someone is away).
-- Members read both; project managers plan allocations; a person records their own time off and managers
-- anyone's. Over-allocation is allowed and flagged by public.utilization (see the planner migration), never
-- blocked here.

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
  constraint allocations_dates_ordered check (end_date >= start_date),
  -- Ten years at most: a typo in a year must not plan someone for a century.
  constraint allocations_span_limited check (end_date - start_date < 3660)
);
comment on table public.allocations is 'A person working on a project for a date range (inclusive), some hours per work day.';
comment on column public.allocations.tentative is 'Pencilled in, not confirmed; capacity figures include it or not on request.';

create index allocations_user_dates_idx on public.allocations (user_id, start_date, end_date);
create index allocations_project_dates_idx on public.allocations (project_id, start_date);
create index allocations_dates_idx on public.allocations (start_date, end_date);
create trigger allocations_touch before update on public.allocations
  for each row execute function private.touch_updated_at();

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

create table private.time_off_entries (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  start_date date not null,
  end_date date not null,
  kind text not null default 'vacation' check (kind in ('vacation', 'sick', 'public_holiday', 'other')),
  note text check (char_length(note) <= 2000),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint time_off_dates_ordered check (end_date >= start_date),
  constraint time_off_span_limited check (end_date - start_date < 366)
);
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
  select t.id, t.user_id, t.start_date, t.end_date, t.kind,
         case when t.user_id = (select auth.uid()) or (select private.is_planner())
                   or (select auth.role()) = 'service_role'
              then t.note end as note,
         t.created_by, t.created_at
  from private.time_off_entries t;
comment on view public.time_off is 'Time off of the organization''s people; the note shows only to the person and planners.';

-- Writes through the view go to the table, as the caller (so its policies apply), and return what the view shows.
create function private.write_time_off() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  saved private.time_off_entries;
begin
  if tg_op = 'INSERT' then
    insert into private.time_off_entries (id, user_id, start_date, end_date, kind, note, created_by)
    values (coalesce(new.id, gen_random_uuid()), new.user_id, new.start_date, new.end_date,
            coalesce(new.kind, 'vacation'), new.note, coalesce(new.created_by, auth.uid()))
    returning * into saved;
  elsif tg_op = 'UPDATE' then
    update private.time_off_entries
    set user_id = new.user_id, start_date = new.start_date, end_date = new.end_date, kind = new.kind,
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
