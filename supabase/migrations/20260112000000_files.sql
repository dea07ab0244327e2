-- Files: each person's avatar, the organization's logo and the files of each project, kept in Storage buckets.
-- Who may read and write what is decided here, by policies on storage.objects written with the same helpers as the
-- tables' policies. Object names carry their owner as the first folder: `<user id>/...` for avatars,
-- `<project id>/...` for project files.
--
-- Removal, as a person expects it:
-- - a replaced or removed avatar or logo is deleted (the profile or organization row is what points at it);
-- - a removed member's avatar is deleted; the files they uploaded to projects stay with the projects;
-- - a deleted project's files are deleted with it.
-- These are deletes of storage.objects rows from SQL, made by triggers in the same transaction as the change. The
-- embedded backend's storage service notes the bytes of every deleted row (whoever deleted it) and deletes them
-- after its next change and at start. Supabase's hosted Storage refuses such deletes unless
-- `storage.allow_delete_query` is on, which these triggers set for their own transaction only.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('avatars', 'avatars', false, 2 * 1024 * 1024, '{image/png,image/jpeg,image/webp,image/gif}'),
  -- Public: the sign-in page shows the logo to visitors who are not signed in.
  ('logos', 'logos', true, 2 * 1024 * 1024, '{image/png,image/jpeg,image/webp,image/gif}'),
  ('project-files', 'project-files', false, 50 * 1024 * 1024, null)
on conflict (id) do nothing;

---------------------------------------------------------------------------------------------------------------
-- Policies

-- The first folder of an object's name, which names its owner (a user or a project).
create function private.object_folder(name text) returns text
language sql immutable
set search_path = ''
as $$
  select (storage.foldername(name))[1]
$$;
grant execute on function private.object_folder(text) to anon, authenticated, service_role;

create function private.is_project(folder text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.projects where id::text = folder)
$$;
grant execute on function private.is_project(text) to anon, authenticated, service_role;

create policy "Members see everyone's avatar" on storage.objects
  for select to authenticated
  using (bucket_id = 'avatars' and (select private.is_member()));
create policy "Members add their own avatar" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'avatars'
    and private.object_folder(name) = (select auth.uid())::text
    and (select private.is_member())
  );
create policy "Members replace their own avatar" on storage.objects
  for update to authenticated
  using (bucket_id = 'avatars' and private.object_folder(name) = (select auth.uid())::text)
  with check (
    bucket_id = 'avatars'
    and private.object_folder(name) = (select auth.uid())::text
    and (select private.is_member())
  );
create policy "Members remove their own avatar" on storage.objects
  for delete to authenticated
  using (bucket_id = 'avatars' and private.object_folder(name) = (select auth.uid())::text);

-- The bucket is public, so anyone downloads a logo by its public URL; reading the row lets a replacement find it.
create policy "Anyone sees the logo" on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'logos');
create policy "User managers add the logo" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'logos' and (select private.has_permission('can_manage_users')));
create policy "User managers replace the logo" on storage.objects
  for update to authenticated
  using (bucket_id = 'logos' and (select private.has_permission('can_manage_users')))
  with check (bucket_id = 'logos' and (select private.has_permission('can_manage_users')));
create policy "User managers remove the logo" on storage.objects
  for delete to authenticated
  using (bucket_id = 'logos' and (select private.has_permission('can_manage_users')));

-- Project files: whoever may change projects (the projects policies) uploads, renames and deletes; members read.
create policy "Members see project files" on storage.objects
  for select to authenticated
  using (bucket_id = 'project-files' and (select private.is_member()));
create policy "Project managers add project files" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'project-files'
    and (select private.has_permission('can_manage_projects'))
    and private.is_project(private.object_folder(name))
  );
create policy "Project managers rename project files" on storage.objects
  for update to authenticated
  using (bucket_id = 'project-files' and (select private.has_permission('can_manage_projects')))
  with check (
    bucket_id = 'project-files'
    and (select private.has_permission('can_manage_projects'))
    and private.is_project(private.object_folder(name))
  );
create policy "Project managers delete project files" on storage.objects
  for delete to authenticated
  using (bucket_id = 'project-files' and (select private.has_permission('can_manage_projects')));

---------------------------------------------------------------------------------------------------------------
-- What the screens read: a project's files with who uploaded them, in one query, as the caller (the policies above
-- decide what they see).

create function public.project_files(p_project_id uuid)
returns table (
  name text,
  path text,
  size bigint,
  mime_type text,
  uploaded_by uuid,
  uploader_name text,
  created_at timestamptz,
  updated_at timestamptz
)
language sql stable
set search_path = ''
as $$
  select
    storage.filename(o.name),
    o.name,
    coalesce((o.metadata ->> 'size')::bigint, 0),
    o.metadata ->> 'mimetype',
    o.owner,
    nullif(btrim(p.full_name), ''),
    o.created_at,
    o.updated_at
  from storage.objects o
  left join public.profiles p on p.id = o.owner
  where o.bucket_id = 'project-files' and o.name like p_project_id::text || '/%'
  order by lower(storage.filename(o.name)), o.name
$$;
comment on function public.project_files(uuid) is 'The files of one project, newest name order, with their uploader.';
grant execute on function public.project_files(uuid) to authenticated;

-- The sign-in page shows the organization's logo to visitors, who may not read the organization row.
create function public.organization_logo() returns text
language sql stable security definer
set search_path = ''
as $$
  select logo_path from public.organization limit 1
$$;
comment on function public.organization_logo() is 'The path of the organization''s logo in the public bucket logos, if any.';
grant execute on function public.organization_logo() to anon, authenticated;

---------------------------------------------------------------------------------------------------------------
-- Removal

create function private.remove_objects(p_bucket text, p_prefix text, p_keep text default null) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  perform set_config('storage.allow_delete_query', 'true', true);
  delete from storage.objects
  where bucket_id = p_bucket
    and name like replace(replace(p_prefix, '%', '\%'), '_', '\_') || '%'
    and name is distinct from p_keep;
end;
$$;
revoke execute on function private.remove_objects(text, text, text) from public, anon, authenticated;

-- A new avatar replaces the old one: everything else in the person's folder goes (also files an interrupted change
-- left behind). Removing the avatar empties the folder.
create function private.remove_replaced_avatar() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform private.remove_objects('avatars', new.id::text || '/', new.avatar_path);
  return null;
end;
$$;
create trigger profiles_remove_replaced_avatar after update of avatar_path on public.profiles
  for each row when (old.avatar_path is distinct from new.avatar_path)
  execute function private.remove_replaced_avatar();

create function private.remove_replaced_logo() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform private.remove_objects('logos', '', new.logo_path);
  return null;
end;
$$;
create trigger organization_remove_replaced_logo after update of logo_path on public.organization
  for each row when (old.logo_path is distinct from new.logo_path)
  execute function private.remove_replaced_logo();

-- A member removed from the organization loses their avatar; their account and profile stay (they may be invited
-- again), and the files they uploaded stay with the projects.
create function private.remove_former_member_avatar() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.profiles set avatar_path = null where id = old.user_id and avatar_path is not null;
  perform private.remove_objects('avatars', old.user_id::text || '/');
  return null;
end;
$$;
create trigger organization_users_remove_avatar after delete on public.organization_users
  for each row execute function private.remove_former_member_avatar();

-- A deleted account's avatar goes with its profile.
create function private.remove_deleted_profile_avatar() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform private.remove_objects('avatars', old.id::text || '/');
  return null;
end;
$$;
create trigger profiles_remove_avatar after delete on public.profiles
  for each row execute function private.remove_deleted_profile_avatar();

-- A deleted project's files go with it.
create function private.remove_project_files() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform private.remove_objects('project-files', old.id::text || '/');
  return null;
end;
$$;
create trigger projects_remove_files after delete on public.projects
  for each row execute function private.remove_project_files();

-- An avatar or logo path must name an object of the right place, so nobody points their profile at someone else's
-- file (the screens build the path; this keeps the data API honest).
alter table public.profiles add constraint profiles_avatar_path_own_folder
  check (avatar_path is null or (avatar_path like id::text || '/%' and char_length(avatar_path) <= 300));
alter table public.organization add constraint organization_logo_path_plain
  check (logo_path is null or (logo_path ~ '^[A-Za-z0-9._-]{1,200}$'));
