-- Invitations, sign-up and who may join. Every new account gets a profile; the very first account ever created
-- becomes a member with all three permissions, so a fresh install is usable. A user manager invites an address with
-- initial permissions; the invitee becomes a member with those permissions once they prove they own the address (by
-- the invitation link, or by signing up and opening the confirmation link); anyone else who signs up joins at once
-- without permissions. An address confirmed without any e-mail (a sign-up with confirmations off) proves nothing, so
-- it never takes up an invitation: see docs/decisions/0011-invitations-need-a-proved-address.md.
-- With open sign-up off, or outside the allowed e-mail domains, only invited addresses may create an account: the
-- auth service asks private.hook_before_user_created before it creates anyone.

create table public.invitations (
  id uuid primary key default gen_random_uuid(),
  email text not null
    check (email = lower(btrim(email)) and char_length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+$'),
  can_manage_users boolean not null default false,
  can_manage_projects boolean not null default false,
  can_manage_announcements boolean not null default false,
  invited_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  sent_at timestamptz not null default now(),
  accepted_at timestamptz,
  user_id uuid references auth.users (id) on delete set null
);
comment on table public.invitations is 'Addresses invited to join, with the permissions they get on joining.';
comment on column public.invitations.sent_at is 'When the invitation was last e-mailed; a resend moves it.';
comment on column public.invitations.accepted_at is 'When the invitee became a member; null while pending.';
create unique index invitations_one_pending_per_address on public.invitations (email) where accepted_at is null;

---------------------------------------------------------------------------------------------------------------
-- Joining: every new account gets a profile; an invitation's permissions apply when the address is proved.

-- Whether the account's owner proved they read the address's mail: it is confirmed, and a link was e-mailed to it
-- before (an invitation sets invited_at, a confirmation e-mail confirmation_sent_at). With confirmations off the auth
-- service confirms a new sign-up at once without sending anything, so both stay null: anyone can type any address.
-- An administrator confirming an invited account through the admin API is trusted, as the invitation was sent.
create function private.address_proved(account auth.users) returns boolean
language sql stable
set search_path = ''
as $$
  select account.email_confirmed_at is not null
    and (account.invited_at is not null or account.confirmation_sent_at is not null)
$$;

-- Makes the account a member with its pending invitation's permissions; false when there is none.
create function private.accept_invitation(account auth.users) returns boolean
language plpgsql security definer
set search_path = ''
as $$
declare
  invitation public.invitations;
begin
  select * into invitation from public.invitations
  where email = lower(account.email) and accepted_at is null
  for update;
  if not found then
    return false;
  end if;
  insert into public.organization_users
    (user_id, can_manage_users, can_manage_projects, can_manage_announcements, invited_by)
  values (account.id, invitation.can_manage_users, invitation.can_manage_projects,
          invitation.can_manage_announcements, invitation.invited_by)
  on conflict (user_id) do update set
    can_manage_users = organization_users.can_manage_users or excluded.can_manage_users,
    can_manage_projects = organization_users.can_manage_projects or excluded.can_manage_projects,
    can_manage_announcements = organization_users.can_manage_announcements or excluded.can_manage_announcements,
    invited_by = coalesce(organization_users.invited_by, excluded.invited_by);
  update public.invitations set accepted_at = now(), user_id = account.id where id = invitation.id;
  return true;
end;
$$;

-- New accounts get a profile. The very first becomes a member with every permission; an invited one joins when its
-- address is proved; any other joins at once without permissions (who may sign up at all is the hook's call).
create function private.handle_new_user() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  is_first boolean;
  invited boolean;
begin
  -- Serialize sign-ups so two first accounts created at once cannot both become administrators.
  perform 1 from public.organization for update;
  is_first := not exists (select 1 from public.organization_users);

  insert into public.profiles (id, full_name, email)
  values (new.id, coalesce(left(btrim(new.raw_user_meta_data ->> 'full_name'), 120), ''), new.email);

  invited := new.email is not null
    and exists (select 1 from public.invitations where email = lower(new.email) and accepted_at is null);
  if invited and private.address_proved(new) then
    perform private.accept_invitation(new);
  elsif not invited then
    insert into public.organization_users (user_id, can_manage_users, can_manage_projects, can_manage_announcements)
    values (new.id, is_first, is_first, is_first);
  end if;
  return new;
end;
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_user();

-- An invited account that confirms its address later joins then, if a link proved it (an auto-confirmed sign-up
-- stays without access, and its invitation pending).
create function private.handle_email_confirmed() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if private.address_proved(new) then
    perform private.accept_invitation(new);
  end if;
  return new;
end;
$$;

create trigger on_auth_user_email_confirmed after update of email_confirmed_at on auth.users
  for each row when (old.email_confirmed_at is null and new.email_confirmed_at is not null)
  execute function private.handle_email_confirmed();

-- Inviting someone who already has an account with a proved address gives them access at once: there is nothing to
-- accept. An account whose address was only auto-confirmed does not: anyone could have created it. Inviting a
-- current member is refused, since they already have access.
create function private.check_new_invitation() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  account auth.users;
begin
  select * into account from auth.users where lower(email) = new.email;
  if account.id is not null and exists (select 1 from public.organization_users where user_id = account.id) then
    raise exception '% is already a member.', new.email using errcode = '23505';
  end if;
  if account.id is not null and private.address_proved(account) then
    new.accepted_at := now();
    new.user_id := account.id;
    insert into public.organization_users
      (user_id, can_manage_users, can_manage_projects, can_manage_announcements, invited_by)
    values (account.id, new.can_manage_users, new.can_manage_projects, new.can_manage_announcements, new.invited_by);
  end if;
  return new;
end;
$$;

create trigger invitations_check_new before insert on public.invitations
  for each row execute function private.check_new_invitation();

---------------------------------------------------------------------------------------------------------------
-- Who may create an account: the auth service's before-user-created hook (a Postgres function hook, as on
-- Supabase: [auth.hook.before_user_created] in config.toml). The first account and invited addresses always may.

create function private.hook_before_user_created(event jsonb) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  address text := lower(nullif(event -> 'user' ->> 'email', ''));
  org public.organization;
begin
  if not exists (select 1 from auth.users) then
    return '{}';
  end if;
  if address is not null
    and exists (select 1 from public.invitations where email = address and accepted_at is null) then
    return '{}';
  end if;
  select * into org from public.organization;
  if not org.open_signup then
    return jsonb_build_object('error', jsonb_build_object(
      'http_code', 403,
      'message', format('Sign-up to %s is by invitation only. Ask a member who manages users to invite you.', org.name)
    ));
  end if;
  if cardinality(org.allowed_email_domains) > 0
    and (address is null or not (split_part(address, '@', 2) = any (org.allowed_email_domains))) then
    return jsonb_build_object('error', jsonb_build_object(
      'http_code', 403,
      'message', format('Sign-up to %s is open only to addresses at %s. Ask a member who manages users to invite you.',
                        org.name, array_to_string(org.allowed_email_domains, ', '))
    ));
  end if;
  return '{}';
end;
$$;
comment on function private.hook_before_user_created(jsonb) is
  'Auth hook: refuses new accounts when sign-up is closed or the address is outside the allowed domains, unless invited.';
revoke execute on function private.hook_before_user_created(jsonb) from public, anon, authenticated;
-- On Supabase the auth service calls hooks as supabase_auth_admin; the embedded backend calls them as the owner.
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    grant usage on schema private to supabase_auth_admin;
    grant execute on function private.hook_before_user_created(jsonb) to supabase_auth_admin;
  end if;
end;
$$;

---------------------------------------------------------------------------------------------------------------
-- Row level security: only user managers see or touch invitations.

alter table public.invitations enable row level security;

create policy "User managers can read invitations" on public.invitations
  for select to authenticated using ((select private.has_permission('can_manage_users')));
create policy "User managers can invite" on public.invitations
  for insert to authenticated with check ((select private.has_permission('can_manage_users')));
create policy "User managers can resend invitations" on public.invitations
  for update to authenticated
  using ((select private.has_permission('can_manage_users')))
  with check ((select private.has_permission('can_manage_users')));
create policy "User managers can revoke invitations" on public.invitations
  for delete to authenticated using ((select private.has_permission('can_manage_users')));

-- Whom a signed-in person without access should ask: the organization's user managers. Readable by anyone signed
-- in, since a non-member cannot read the members table.
create function public.access_contacts()
returns table (organization_name text, full_name text, email text)
language sql stable security definer
set search_path = ''
as $$
  select o.name, p.full_name, p.email
  from public.organization o
  cross join public.organization_users ou
  join public.profiles p on p.id = ou.user_id
  where ou.can_manage_users and auth.uid() is not null
  order by p.full_name, p.email
$$;
comment on function public.access_contacts() is 'The user managers a signed-in person without access can ask.';
revoke execute on function public.access_contacts() from public, anon;
grant execute on function public.access_contacts() to authenticated, service_role;
