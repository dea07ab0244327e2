-- The organization, its members and their permissions, and a profile per account.
-- One organization per deployment. Every account with a row in organization_users is a member. Who becomes one on
-- signing up (the first account with all three permissions, invited addresses with their invitation's, anyone else
-- with none) is the next migration's. Authorization lives here, in row level security: the web app never re-checks
-- it. Two-factor authentication is a lock, not a screen: once a person has a verified factor, a session that has not
-- passed it (AAL1) is not a member for the policies, so it reads and writes nothing of the organization's.

create schema if not exists private;
comment on schema private is 'Helpers for policies and triggers; not exposed through the data API.';
grant usage on schema private to anon, authenticated, service_role;

-- Keeps updated_at true whatever client writes the row. No silent overwrites: a writer may name the version of the
-- row it changed by sending the updated_at it read, and the change is refused (HTTP 409 through the data API) when
-- someone else changed the row since. Writers that send no updated_at are not checked.
create function private.touch_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.updated_at is distinct from old.updated_at then
    raise exception using
      errcode = 'PT409',
      message = 'Someone else changed this since you loaded it.',
      detail = format('Changed at %s; your change was made from the version of %s.', old.updated_at, new.updated_at),
      hint = 'Load it again to see the change, then decide whether to apply yours.';
  end if;
  new.updated_at := now();
  return new;
end;
$$;

---------------------------------------------------------------------------------------------------------------
-- organization: exactly one row

create table public.organization (
  id uuid primary key default gen_random_uuid(),
  name text not null default 'My organization' check (char_length(btrim(name)) between 1 and 120),
  logo_path text,
  default_weekly_hours numeric(5, 2) not null default 40 check (default_weekly_hours between 0 and 168),
  work_days int[] not null default '{1,2,3,4,5}'
    check (cardinality(work_days) between 1 and 7 and work_days <@ '{1,2,3,4,5,6,7}'::int[]),
  week_start int not null default 1 check (week_start between 1 and 7),
  time_zone text not null default 'UTC',
  open_signup boolean not null default true,
  allowed_email_domains text[] not null default '{}',
  updated_at timestamptz not null default now(),
  -- Domains are stored lower-case and without a leading @, so the sign-up hook compares like with like.
  constraint organization_allowed_email_domains_plain
    check (allowed_email_domains::text = lower(allowed_email_domains::text)
           and not (allowed_email_domains::text like '%@%'))
);
comment on table public.organization is 'The one organization this deployment serves, and its settings.';
create unique index organization_single_row on public.organization ((true));
create trigger organization_touch before update on public.organization
  for each row execute function private.touch_updated_at();
insert into public.organization default values;

---------------------------------------------------------------------------------------------------------------
-- profiles: one per account, created with it

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  full_name text not null default '' check (char_length(full_name) <= 120),
  email text,
  job_title text check (char_length(job_title) <= 120),
  avatar_path text,
  weekly_capacity_hours numeric(5, 2) check (weekly_capacity_hours between 0 and 168),
  work_days int[] check (work_days <@ '{1,2,3,4,5,6,7}'::int[]),
  time_zone text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is 'A person''s name, job and capacity; null capacity fields fall back to the organization''s.';
comment on column public.profiles.weekly_capacity_hours is 'Hours a week this person can work; null means the organization default.';
create trigger profiles_touch before update on public.profiles
  for each row execute function private.touch_updated_at();

---------------------------------------------------------------------------------------------------------------
-- organization_users: membership and the three permissions

create table public.organization_users (
  user_id uuid primary key references auth.users (id) on delete cascade,
  can_manage_users boolean not null default false,
  can_manage_projects boolean not null default false,
  can_manage_announcements boolean not null default false,
  invited_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  -- Members embed their profile in one request (organization_users?select=*,profiles(*)); the profile exists first.
  constraint organization_users_profile_fkey foreign key (user_id) references public.profiles (id) on delete cascade
);
comment on table public.organization_users is 'Members of the organization and what each may manage.';

---------------------------------------------------------------------------------------------------------------
-- Policy helpers. Security definer so that policies on organization_users can read organization_users without
-- recursing into their own policies; search_path pinned so no caller can shadow what they call.

create function private.session_passed_second_factor() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
    or not exists (select 1 from auth.mfa_factors where user_id = auth.uid() and status = 'verified')
$$;
comment on function private.session_passed_second_factor() is
  'Whether the calling session is at AAL2, or its user has no verified factor to pass.';

create function private.is_member() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.organization_users where user_id = auth.uid())
    and private.session_passed_second_factor()
$$;
comment on function private.is_member() is 'Whether the calling user belongs to the organization.';

create function private.has_permission(permission text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((
    select case permission
      when 'can_manage_users' then ou.can_manage_users
      when 'can_manage_projects' then ou.can_manage_projects
      when 'can_manage_announcements' then ou.can_manage_announcements
    end
    from public.organization_users ou
    where ou.user_id = auth.uid()
  ), false)
    and private.session_passed_second_factor()
$$;
comment on function private.has_permission(text) is 'Whether the calling user is a member holding the named permission.';

grant execute on function private.is_member(), private.has_permission(text) to anon, authenticated, service_role;
grant execute on function private.session_passed_second_factor() to anon, authenticated, service_role;

---------------------------------------------------------------------------------------------------------------
-- A confirmed e-mail change shows in the profile.

create function private.handle_user_email_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.profiles set email = new.email where id = new.id;
  return new;
end;
$$;

create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function private.handle_user_email_change();

---------------------------------------------------------------------------------------------------------------
-- The last member who can manage users can never lose that permission or be removed.

create function private.keep_a_user_manager() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if old.can_manage_users and (tg_op = 'DELETE' or not new.can_manage_users) then
    -- Lock the managers' rows so two demotions at once cannot both pass the check.
    perform 1 from public.organization_users where can_manage_users for update;
    if not exists (
      select 1 from public.organization_users
      where can_manage_users and user_id <> old.user_id
    ) then
      raise exception 'The organization needs at least one member who can manage users.'
        using errcode = 'P0001',
              hint = 'Give another member the permission to manage users first.';
    end if;
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

create trigger organization_users_keep_a_user_manager
  before update or delete on public.organization_users
  for each row execute function private.keep_a_user_manager();

-- A person edits their own profile; user managers set anyone's capacity and nothing else of others'.
create function private.guard_profile_update() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  capacity_changed boolean := new.weekly_capacity_hours is distinct from old.weekly_capacity_hours
    or new.work_days is distinct from old.work_days;
  others_changed boolean := (new.full_name, new.job_title, new.avatar_path, new.time_zone, new.email)
    is distinct from (old.full_name, old.job_title, old.avatar_path, old.time_zone, old.email);
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if new.id is distinct from old.id then
    raise exception 'A profile cannot move to another account.' using errcode = '42501';
  end if;
  if new.email is distinct from old.email then
    raise exception 'Change your e-mail address from your account settings.' using errcode = '42501';
  end if;
  if capacity_changed and not private.has_permission('can_manage_users') then
    raise exception 'Only members who can manage users can change capacity.' using errcode = '42501';
  end if;
  if others_changed and old.id is distinct from auth.uid() then
    raise exception 'Only the person can change their own profile.' using errcode = '42501';
  end if;
  return new;
end;
$$;

create trigger profiles_guard_update before update on public.profiles
  for each row execute function private.guard_profile_update();

---------------------------------------------------------------------------------------------------------------
-- Row level security.
--
-- Policies ask who the caller is once per statement, not once per row: a bare function call in a policy runs for
-- every row the statement touches (reading 2,000 allocations asked "is the caller a member?" 2,000 times), while
-- one wrapped in a scalar subquery, (select private.is_member()), is evaluated once as an init plan and its answer
-- reused. The answers cannot differ between rows of one statement (the helpers read the caller's membership as of
-- the statement's snapshot). Every policy in these migrations takes that form.

alter table public.organization enable row level security;
alter table public.organization_users enable row level security;
alter table public.profiles enable row level security;

create policy "Members can read the organization" on public.organization
  for select to authenticated using ((select private.is_member()));
create policy "User managers can change the organization" on public.organization
  for update to authenticated
  using ((select private.has_permission('can_manage_users')))
  with check ((select private.has_permission('can_manage_users')));

create policy "Everyone reads their own membership; members read all" on public.organization_users
  for select to authenticated using (user_id = (select auth.uid()) or (select private.is_member()));
create policy "User managers can add members" on public.organization_users
  for insert to authenticated with check ((select private.has_permission('can_manage_users')));
create policy "User managers can change permissions" on public.organization_users
  for update to authenticated
  using ((select private.has_permission('can_manage_users')))
  with check ((select private.has_permission('can_manage_users')));
create policy "User managers can remove members" on public.organization_users
  for delete to authenticated using ((select private.has_permission('can_manage_users')));

create policy "Everyone reads their own profile; members read all" on public.profiles
  for select to authenticated using (id = (select auth.uid()) or (select private.is_member()));
create policy "People edit their own profile; user managers edit capacity" on public.profiles
  for update to authenticated
  using (id = (select auth.uid()) or (select private.has_permission('can_manage_users')))
  with check (id = (select auth.uid()) or (select private.has_permission('can_manage_users')));

-- Tables are reachable through the API only as their policies allow; the organization row is never created or
-- deleted through it.
revoke insert, delete on public.organization from anon, authenticated;
revoke insert, delete on public.profiles from anon, authenticated;
