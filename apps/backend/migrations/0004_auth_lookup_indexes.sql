-- Indexes for the auth service's lookups: an e-mailed link is found by its token hash, a PKCE flow by its user and
-- kind, an account by its address in lower case. Partial indexes leave out the many empty tokens.
create index if not exists users_lower_email_idx on auth.users (lower(email));
create index if not exists users_confirmation_token_idx on auth.users (confirmation_token) where confirmation_token <> '';
create index if not exists users_recovery_token_idx on auth.users (recovery_token) where recovery_token <> '';
create index if not exists users_email_change_token_current_idx on auth.users (email_change_token_current)
  where email_change_token_current <> '';
create index if not exists users_email_change_token_new_idx on auth.users (email_change_token_new)
  where email_change_token_new <> '';
create index if not exists flow_state_user_method_idx on auth.flow_state (user_id, authentication_method, created_at);
create index if not exists one_time_tokens_relates_to_idx on auth.one_time_tokens using hash (relates_to);
