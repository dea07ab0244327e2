-- This project as an OAuth 2.1 authorization server, laid out as Supabase Auth (GoTrue) lays it out: registered
-- applications (clients), authorization requests waiting for the user's decision and then for their code's exchange,
-- the user's standing consent per application, and the sessions an application holds.
create table if not exists auth.oauth_clients (
  id uuid primary key,
  client_secret_hash text,
  registration_type text not null check (registration_type in ('dynamic', 'manual')),
  client_type text not null default 'confidential' check (client_type in ('public', 'confidential')),
  token_endpoint_auth_method text not null
    check (token_endpoint_auth_method in ('none', 'client_secret_basic', 'client_secret_post')),
  redirect_uris jsonb not null,
  grant_types jsonb not null,
  client_name text,
  client_uri text,
  logo_uri text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
comment on table auth.oauth_clients is 'auth: applications that sign users in through this project (OAuth 2.1)';
comment on column auth.oauth_clients.client_secret_hash is 'SHA-256 of the secret, base64url; the secret is shown once';

create table if not exists auth.oauth_authorizations (
  id uuid primary key,
  authorization_id text not null unique,
  client_id uuid not null references auth.oauth_clients (id) on delete cascade,
  user_id uuid references auth.users (id) on delete cascade,
  redirect_uri text not null,
  scope text not null,
  state text,
  resource text,
  code_challenge text,
  code_challenge_method text check (code_challenge_method in ('s256', 'plain')),
  nonce text,
  response_type text not null default 'code' check (response_type = 'code'),
  status text not null default 'pending' check (status in ('pending', 'approved', 'denied', 'expired')),
  authorization_code text unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  approved_at timestamptz
);
comment on table auth.oauth_authorizations is 'auth: authorization requests of OAuth clients, and their codes';
create index if not exists oauth_authorizations_expires_at_idx on auth.oauth_authorizations (expires_at);

create table if not exists auth.oauth_consents (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  client_id uuid not null references auth.oauth_clients (id) on delete cascade,
  scopes text not null check (char_length(trim(scopes)) > 0),
  granted_at timestamptz not null default now(),
  revoked_at timestamptz,
  constraint oauth_consents_user_client_unique unique (user_id, client_id)
);
comment on table auth.oauth_consents is 'auth: what a user has allowed each OAuth client, until revoked';

alter table auth.sessions add column if not exists oauth_client_id uuid
  references auth.oauth_clients (id) on delete cascade;
alter table auth.sessions add column if not exists scopes text;
create index if not exists sessions_oauth_client_id_idx on auth.sessions (oauth_client_id);
