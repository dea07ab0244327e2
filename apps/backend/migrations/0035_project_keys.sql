-- The keys a backend generates for itself (the signing keys and the API keys), kept in the database so that every
-- backend process of one database signs and accepts the same tokens. A configured key file still wins over them.
create table if not exists _backend.project_keys (
  name text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);
revoke all on _backend.project_keys from public;
