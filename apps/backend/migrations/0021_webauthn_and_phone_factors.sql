-- Phone and WebAuthn second factors, laid out as Supabase Auth (GoTrue) lays them out: a phone factor's number and
-- the code its challenge sent (hashed here), a WebAuthn factor's credential and the ceremony its challenge started.
alter table auth.mfa_factors add column if not exists web_authn_credential jsonb;
alter table auth.mfa_factors add column if not exists web_authn_aaguid uuid;
alter table auth.mfa_factors add column if not exists last_webauthn_challenge_data jsonb;
alter table auth.mfa_challenges add column if not exists web_authn_session_data jsonb;
create unique index if not exists unique_phone_factor_per_user on auth.mfa_factors (user_id, phone);

-- Passkeys: discoverable WebAuthn credentials a user signs in with, without a password.
create table if not exists auth.webauthn_credentials (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  credential_id text not null,
  public_key text not null,
  attestation_type text not null default '',
  aaguid uuid,
  sign_count bigint not null default 0,
  transports jsonb not null default '[]',
  backup_eligible boolean not null default false,
  backed_up boolean not null default false,
  friendly_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_used_at timestamptz,
  constraint webauthn_credentials_credential_id_key unique (credential_id)
);
comment on table auth.webauthn_credentials is 'auth: passkeys, the WebAuthn credentials users sign in with';
comment on column auth.webauthn_credentials.credential_id is 'base64url of the credential id';
comment on column auth.webauthn_credentials.public_key is 'base64url of the COSE public key';
create index if not exists webauthn_credentials_user_id_idx on auth.webauthn_credentials (user_id);

-- A passkey ceremony in progress: its challenge, answered once before it expires.
create table if not exists auth.webauthn_challenges (
  id uuid primary key,
  user_id uuid references auth.users (id) on delete cascade,
  challenge_type text not null check (challenge_type in ('registration', 'authentication')),
  session_data jsonb not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
comment on table auth.webauthn_challenges is 'auth: passkey registration and sign-in ceremonies in progress';
create index if not exists webauthn_challenges_expires_at_idx on auth.webauthn_challenges (expires_at);
