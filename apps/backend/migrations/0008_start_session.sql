-- Starting a session in one call, planned once per connection: the sign-in is recorded on the user, the session,
-- its first refresh token and its first amr claim are created, and the response's data (_backend.session_json)
-- is returned. Used by every grant and verification that signs someone in.
create or replace function _backend.start_session(
  p_user_id uuid,
  p_method text,
  p_user_agent text,
  p_refresh_token text
)
returns json
language plpgsql
set plan_cache_mode = force_generic_plan
as $$
declare
  v_session_id uuid := gen_random_uuid();
begin
  update auth.users set last_sign_in_at = now(), updated_at = now() where id = p_user_id;
  insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent)
  values (v_session_id, p_user_id, now(), now(), 'aal1', p_user_agent);
  insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
  values ('00000000-0000-0000-0000-000000000000', p_refresh_token, p_user_id::text, false, now(), now(), null,
          v_session_id);
  insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method)
  values (v_session_id, now(), now(), p_method);
  return _backend.session_json(v_session_id, p_user_id);
end
$$;
revoke all on function _backend.start_session(uuid, text, text, text) from public;
