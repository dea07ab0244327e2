-- Two-factor authentication is a lock, not a screen: once a person has a verified factor, a session that has not
-- passed it (AAL1) is not a member for the policies, so it reads and writes nothing of the organization's.

create or replace function private.session_passed_second_factor() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
    or not exists (select 1 from auth.mfa_factors where user_id = auth.uid() and status = 'verified')
$$;
comment on function private.session_passed_second_factor() is
  'Whether the calling session is at AAL2, or its user has no verified factor to pass.';

create or replace function private.is_member() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.organization_users where user_id = auth.uid())
    and private.session_passed_second_factor()
$$;

create or replace function private.has_permission(permission text) returns boolean
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

grant execute on function private.session_passed_second_factor() to anon, authenticated, service_role;
