-- An OAuth sign-in or identity link with an external provider is a flow state too (GoTrue's newer layout): the
-- flow's id is the `state` sent to the provider, it remembers where the browser returns and, when linking, the
-- account the identity joins. Such a flow may run without PKCE, so its code challenge is optional.
alter table auth.flow_state add column if not exists referrer text;
alter table auth.flow_state add column if not exists linking_target_id uuid;
alter table auth.flow_state add column if not exists email_optional boolean not null default false;
alter table auth.flow_state alter column code_challenge drop not null;
alter table auth.flow_state alter column code_challenge_method drop not null;
