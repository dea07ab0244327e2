-- The plan is live: each statement that changes what the planner, a project page or the home page shows (projects,
-- allocations, time off, people's capacity, membership, the organization's work days) broadcasts `plan_changed` on
-- the private Realtime topic `plan`, with the table, the operation and who made it. Open pages load what they show
-- again. One message per statement, not per row, so a bulk change (a project deleted with its allocations) is one
-- message; the message carries no row, so nobody learns more than their own query would show them.
create function private.announce_plan_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform realtime.send(
    jsonb_build_object('table', tg_table_name, 'operation', lower(tg_op), 'by', auth.uid()),
    'plan_changed',
    'plan',
    true
  );
  return null;
end;
$$;

create trigger projects_live after insert or update or delete on public.projects
  for each statement execute function private.announce_plan_change();
create trigger allocations_live after insert or update or delete on public.allocations
  for each statement execute function private.announce_plan_change();
create trigger time_off_live after insert or update or delete on private.time_off_entries
  for each statement execute function private.announce_plan_change();
create trigger profiles_live after update on public.profiles
  for each statement execute function private.announce_plan_change();
create trigger organization_users_live after insert or update or delete on public.organization_users
  for each statement execute function private.announce_plan_change();
create trigger organization_live after update on public.organization
  for each statement execute function private.announce_plan_change();

-- Members hear the topic and show who is here (presence, keyed by their user id); nobody else may join it.
create policy "Members hear plan changes and see who is here" on realtime.messages
  for select to authenticated
  using (realtime.topic() = 'plan' and (select private.is_member()));
create policy "Members show that they are here" on realtime.messages
  for insert to authenticated
  with check (realtime.topic() = 'plan' and extension = 'presence' and (select private.is_member()));
