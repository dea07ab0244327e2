-- First steps of a new organization. The sign-up page asks whether the organization has anyone yet, so it can say
-- that the first account creates it (and becomes its administrator); a new administrator's home page shows the set-up
-- steps, each ticked once done.

-- Whether anyone has joined yet: true from the first account on. Anyone may ask, signed in or not: the sign-up page
-- asks before there is a session, and the answer says nothing about who the members are.
create function public.organization_has_members()
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.organization_users)
$$;
comment on function public.organization_has_members() is
  'Whether any account has joined the organization yet; the first account to sign up creates it.';
revoke execute on function public.organization_has_members() from public;
grant execute on function public.organization_has_members() to anon, authenticated, service_role;

-- The set-up steps, done or not: the organization named (other than its default name), someone invited or joined
-- besides the first account, a project added, and some work planned. Only for those who manage users, who take these
-- steps; anyone else is refused.
create function public.setup_progress()
returns json
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not (private.has_permission('can_manage_users') or auth.role() = 'service_role') then
    raise exception 'Only those who manage users can see the set-up steps.' using errcode = '42501';
  end if;
  return json_build_object(
    'named', exists (select 1 from public.organization o where o.name <> 'My organization'),
    'invited', exists (select 1 from public.invitations)
               or (select count(*) from public.organization_users) > 1,
    'project', exists (select 1 from public.projects),
    'planned', exists (select 1 from public.allocations)
  );
end;
$$;
comment on function public.setup_progress() is
  'Which set-up steps are done: organization named, someone invited, a project added, work planned.';
revoke execute on function public.setup_progress() from public;
grant execute on function public.setup_progress() to authenticated, service_role;
