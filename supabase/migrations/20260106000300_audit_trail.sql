-- The audit trail: who changed what and when, before and after, for memberships and permissions, invitations,
-- the organization's settings, projects, allocations and announcements. Written only by triggers; user managers
-- read it; nobody changes or deletes it through the API.

create table public.audit_log (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  actor_id uuid,
  actor_email text,
  actor_role text,
  table_name text not null,
  record_id text not null,
  action text not null check (action in ('insert', 'update', 'delete')),
  before jsonb,
  after jsonb
);
comment on table public.audit_log is 'Changes to permissions, projects, allocations and announcements; append-only.';
comment on column public.audit_log.actor_id is 'The signed-in user who made the change; null for the service role or maintenance. Kept after the account is deleted.';
comment on column public.audit_log.actor_email is 'The actor''s address at the time, so the trail stays readable when the account is gone.';

create index audit_log_recent_idx on public.audit_log (occurred_at desc);
create index audit_log_table_idx on public.audit_log (table_name, occurred_at desc);
create index audit_log_actor_idx on public.audit_log (actor_id, occurred_at desc);

create function private.record_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  before_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  after_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  record_key text := tg_argv[0];
begin
  -- An update that changes nothing but the version (when and by whom) is not worth a line.
  if tg_op = 'UPDATE' and (before_row - 'updated_at' - 'updated_by') = (after_row - 'updated_at' - 'updated_by') then
    return null;
  end if;
  insert into public.audit_log (actor_id, actor_email, actor_role, table_name, record_id, action, before, after)
  values (
    auth.uid(),
    auth.jwt() ->> 'email',
    coalesce(auth.jwt() ->> 'role', current_user),
    tg_table_name,
    coalesce(after_row, before_row) ->> record_key,
    lower(tg_op),
    before_row,
    after_row
  );
  return null;
end;
$$;

create trigger organization_audit after insert or update or delete on public.organization
  for each row execute function private.record_change('id');
create trigger organization_users_audit after insert or update or delete on public.organization_users
  for each row execute function private.record_change('user_id');
create trigger invitations_audit after insert or update or delete on public.invitations
  for each row execute function private.record_change('id');
create trigger projects_audit after insert or update or delete on public.projects
  for each row execute function private.record_change('id');
create trigger allocations_audit after insert or update or delete on public.allocations
  for each row execute function private.record_change('id');
create trigger announcements_audit after insert or update or delete on public.announcements
  for each row execute function private.record_change('id');

-- Append-only for everyone, the service role included; triggers insert as the function's owner.
create function private.refuse_audit_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'The audit trail cannot be changed or deleted.' using errcode = '42501';
end;
$$;

create trigger audit_log_append_only before update or delete on public.audit_log
  for each row execute function private.refuse_audit_change();
create trigger audit_log_no_truncate before truncate on public.audit_log
  for each statement execute function private.refuse_audit_change();

alter table public.audit_log enable row level security;
revoke insert, update, delete, truncate on public.audit_log from anon, authenticated, service_role;

create policy "User managers read the audit trail" on public.audit_log
  for select to authenticated using ((select private.has_permission('can_manage_users')));
