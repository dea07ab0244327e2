-- File storage's catalogue, as Supabase Storage keeps it: buckets and the objects in them. The bytes live in the
-- storage backend (the data folder or an S3-compatible store); a row here is what makes an object exist. Every
-- request reads and writes these tables as the caller's role, so row level security decides who may see, upload,
-- replace or delete what, and a project's migrations write their policies on storage.objects as on Supabase.
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  owner_id text,
  public boolean not null default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint buckets_name_length check (char_length(name) <= 100)
);
create unique index if not exists bname on storage.buckets (name);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  metadata jsonb,
  user_metadata jsonb,
  -- Names the stored bytes of this object: a new upload gets a new version, so replacing an object never writes over
  -- the bytes another request is reading.
  version text,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_accessed_at timestamptz not null default now()
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- What the API roles may do is decided by policies; without one, nothing but the service role gets through.
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

-- Helpers policies are written with: the folders of a name, its last segment, and that segment's extension.
create or replace function storage.foldername(name text)
returns text[]
language plpgsql
immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text)
returns text
language plpgsql
immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text)
returns text
language plpgsql
immutable
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;

-- Bytes whose object row is gone (replaced, removed, its bucket emptied) wait here until the backend deletes them,
-- so a crash between the commit and the deletion leaves a note rather than an orphaned file.
create table if not exists _backend.storage_garbage (
  version text primary key,
  queued_at timestamptz not null default now()
);

-- Noted by a trigger, so bytes are collected whoever removed or replaced the row: the API, a project's SQL, a cascade.
create or replace function _backend.storage_collect_version()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.version is not null and (tg_op = 'DELETE' or new.version is distinct from old.version) then
    insert into _backend.storage_garbage (version) values (old.version) on conflict do nothing;
  end if;
  return null;
end
$$;

drop trigger if exists objects_collect_version on storage.objects;
create trigger objects_collect_version
  after delete or update of version on storage.objects
  for each row execute function _backend.storage_collect_version();

-- Signed upload URLs accepted so far, each once; forgotten when they would have expired anyway.
create table if not exists _backend.storage_upload_tokens (
  jti text primary key,
  expires_at timestamptz not null
);
