-- Sessions as the auth service hands them out, built server-side so that each statement is planned once per
-- connection instead of on every call (planning these statements costs more than running them):
--   _backend.session_json: everything a session response needs, as JSON: the session's id and assurance level,
--     its amr claims, and the user (columns formatted as the auth models read them), identities and factors.
--   _backend.rotate_refresh_token: the common case of a refresh_token grant. It spends a live refresh token, issues
--     its child, touches the session and returns session_json; NULL when the token is spent or unknown, or when
--     its session or user may not refresh (the server then takes its locking path, which tells those apart).
create or replace function _backend.session_json(p_session_id uuid, p_user_id uuid)
returns json
language plpgsql
set plan_cache_mode = force_generic_plan
as $$
begin
  return json_build_object(
    'session_id', p_session_id,
    'aal', (select aal from auth.sessions where id = p_session_id),
    'user_row', (select row_to_json(r) from (
      select
        u.id, u.aud, u.role, u.email, u.encrypted_password, u.confirmation_token, u.recovery_token, u.email_change_token_new, u.email_change, u.email_change_token_current, u.email_change_confirm_status, u.raw_app_meta_data, u.raw_user_meta_data, u.phone, u.phone_change, u.phone_change_token, u.reauthentication_token, u.is_sso_user, u.is_anonymous,
        to_char(u.email_confirmed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as email_confirmed_at,
        to_char(u.invited_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as invited_at,
        to_char(u.confirmation_sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as confirmation_sent_at,
        to_char(u.recovery_sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as recovery_sent_at,
        to_char(u.email_change_sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as email_change_sent_at,
        to_char(u.last_sign_in_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as last_sign_in_at,
        to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
        to_char(u.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_at,
        to_char(u.phone_confirmed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as phone_confirmed_at,
        to_char(u.phone_change_sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as phone_change_sent_at,
        to_char(u.confirmed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as confirmed_at,
        to_char(u.banned_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as banned_until,
        to_char(u.reauthentication_sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as reauthentication_sent_at,
        to_char(u.deleted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as deleted_at
      from auth.users u where u.id = p_user_id) r),
    'amr', (select json_agg(json_build_object('method', c.authentication_method,
                                              'timestamp', extract(epoch from c.updated_at)::int)
                            order by c.updated_at desc)
            from auth.mfa_amr_claims c where c.session_id = p_session_id),
    'identities', (select json_agg(r order by r.created_at, r.id) from (
      select i.id, i.provider_id, i.user_id, i.identity_data, i.provider, i.email,
        to_char(i.last_sign_in_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as last_sign_in_at,
        to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
        to_char(i.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_at
      from auth.identities i where i.user_id = p_user_id) r),
    'factors', (select json_agg(r order by r.created_at, r.id) from (
      select f.id, f.user_id, f.friendly_name, f.factor_type::text as factor_type, f.status::text as status, f.secret,
        to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
        to_char(f.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_at,
        to_char(f.last_challenged_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as last_challenged_at
      from auth.mfa_factors f where f.user_id = p_user_id) r)
  );
end
$$;
revoke all on function _backend.session_json(uuid, uuid) from public;

create or replace function _backend.rotate_refresh_token(p_token text, p_next text, p_user_agent text)
returns json
language plpgsql
set plan_cache_mode = force_generic_plan
as $$
declare
  v_user_id text;
  v_session_id uuid;
begin
  update auth.refresh_tokens rt set revoked = true, updated_at = now()
  where rt.token = p_token and not coalesce(rt.revoked, false)
    and exists (select 1 from auth.sessions s
                where s.id = rt.session_id and (s.not_after is null or s.not_after > now()))
    and exists (select 1 from auth.users u
                where u.id = rt.user_id::uuid and (u.banned_until is null or u.banned_until <= now()))
  returning rt.user_id, rt.session_id into v_user_id, v_session_id;
  if v_session_id is null then
    return null;
  end if;

  insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
  values ('00000000-0000-0000-0000-000000000000', p_next, v_user_id, false, now(), now(), p_token, v_session_id);

  update auth.sessions set refreshed_at = now() at time zone 'UTC', updated_at = now(), user_agent = p_user_agent
  where id = v_session_id;

  return _backend.session_json(v_session_id, v_user_id::uuid);
end
$$;
revoke all on function _backend.rotate_refresh_token(text, text, text) from public;
