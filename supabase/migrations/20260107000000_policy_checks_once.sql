-- Policies ask who the caller is once per statement, not once per row.
--
-- A bare function call in a policy runs for every row the statement touches: reading 2,000 allocations asked
-- "is the caller a member?" 2,000 times. Wrapped in a scalar subquery, PostgreSQL evaluates it once as an init plan
-- and reuses the answer. The answers cannot differ between rows of one statement (the helpers read the caller's
-- membership as of the statement's snapshot), so who may read or write what is unchanged.

alter policy "Members can read the organization" on public.organization
  using ((select private.is_member()));
alter policy "User managers can change the organization" on public.organization
  using ((select private.has_permission('can_manage_users')))
  with check ((select private.has_permission('can_manage_users')));

alter policy "Everyone reads their own membership; members read all" on public.organization_users
  using (user_id = (select auth.uid()) or (select private.is_member()));
alter policy "User managers can add members" on public.organization_users
  with check ((select private.has_permission('can_manage_users')));
alter policy "User managers can change permissions" on public.organization_users
  using ((select private.has_permission('can_manage_users')))
  with check ((select private.has_permission('can_manage_users')));
alter policy "User managers can remove members" on public.organization_users
  using ((select private.has_permission('can_manage_users')));

alter policy "Everyone reads their own profile; members read all" on public.profiles
  using (id = (select auth.uid()) or (select private.is_member()));
alter policy "People edit their own profile; user managers edit capacity" on public.profiles
  using (id = (select auth.uid()) or (select private.has_permission('can_manage_users')))
  with check (id = (select auth.uid()) or (select private.has_permission('can_manage_users')));

alter policy "Members can read projects" on public.projects
  using ((select private.is_member()));
alter policy "Project managers can create projects" on public.projects
  with check ((select private.has_permission('can_manage_projects')));
alter policy "Project managers can change projects" on public.projects
  using ((select private.has_permission('can_manage_projects')))
  with check ((select private.has_permission('can_manage_projects')));
alter policy "Project managers can delete projects" on public.projects
  using ((select private.has_permission('can_manage_projects')));

alter policy "Members can read allocations" on public.allocations
  using ((select private.is_member()));
alter policy "Project managers can create allocations" on public.allocations
  with check ((select private.has_permission('can_manage_projects')));
alter policy "Project managers can change allocations" on public.allocations
  using ((select private.has_permission('can_manage_projects')))
  with check ((select private.has_permission('can_manage_projects')));
alter policy "Project managers can delete allocations" on public.allocations
  using ((select private.has_permission('can_manage_projects')));

alter policy "Members can see who is away" on private.time_off_entries
  using ((select private.is_member()));
alter policy "People record their own time off; planners anyone's" on private.time_off_entries
  with check ((select private.is_member()) and (user_id = (select auth.uid()) or (select private.is_planner())));
alter policy "People change their own time off; planners anyone's" on private.time_off_entries
  using (user_id = (select auth.uid()) or (select private.is_planner()))
  with check (user_id = (select auth.uid()) or (select private.is_planner()));
alter policy "People remove their own time off; planners anyone's" on private.time_off_entries
  using (user_id = (select auth.uid()) or (select private.is_planner()));

alter policy "User managers can read invitations" on public.invitations
  using ((select private.has_permission('can_manage_users')));
alter policy "User managers can invite" on public.invitations
  with check ((select private.has_permission('can_manage_users')));
alter policy "User managers can resend invitations" on public.invitations
  using ((select private.has_permission('can_manage_users')))
  with check ((select private.has_permission('can_manage_users')));
alter policy "User managers can revoke invitations" on public.invitations
  using ((select private.has_permission('can_manage_users')));

alter policy "Members read published announcements; their managers read all" on public.announcements
  using (
    (select private.has_permission('can_manage_announcements'))
    or ((select private.is_member()) and publish_at <= now() and (expires_at is null or expires_at > now()))
  );
alter policy "Announcement managers can write announcements" on public.announcements
  with check ((select private.has_permission('can_manage_announcements')));
alter policy "Announcement managers can change announcements" on public.announcements
  using ((select private.has_permission('can_manage_announcements')))
  with check ((select private.has_permission('can_manage_announcements')));
alter policy "Announcement managers can delete announcements" on public.announcements
  using ((select private.has_permission('can_manage_announcements')));

alter policy "User managers read the audit trail" on public.audit_log
  using ((select private.has_permission('can_manage_users')));

-- The time-off view's note column asked the same question per row.
create or replace view public.time_off with (security_invoker = true) as
  select t.id, t.user_id, t.start_date, t.end_date, t.kind,
         case when t.user_id = (select auth.uid()) or (select private.is_planner()) or (select auth.role()) = 'service_role'
              then t.note end as note,
         t.created_by, t.created_at
  from private.time_off_entries t;
