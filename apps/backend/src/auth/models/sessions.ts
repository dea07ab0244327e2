// auth.sessions and auth.mfa_amr_claims: a signed-in device, and the methods it signed in with (the `amr` claim).
import type { Queryable } from '../../db/types.ts';
import { isoTimestamp, one } from './sql.ts';

export interface SessionRow {
  id: string;
  user_id: string;
  aal: string | null;
  factor_id: string | null;
  not_after: string | null;
  created_at: string;
}

export function findSession(q: Queryable, id: string): Promise<SessionRow | undefined> {
  return one(
    q,
    `select id, user_id, aal, factor_id, ${isoTimestamp('not_after')}, ${isoTimestamp('created_at')}
     from auth.sessions where id = $1::uuid`,
    [id],
  );
}

export async function recordRefresh(q: Queryable, sessionId: string, userAgent: string | undefined): Promise<void> {
  await q.query(
    `update auth.sessions set refreshed_at = now() at time zone 'UTC', updated_at = now(), user_agent = $2
     where id = $1::uuid`,
    [sessionId, userAgent ?? null],
  );
}

/** Ends one session; its refresh tokens and amr claims go with it. */
export async function deleteSession(q: Queryable, sessionId: string): Promise<void> {
  await q.query('delete from auth.sessions where id = $1::uuid', [sessionId]);
}

/** Ends every session of a user, or every one but `keep`. */
export async function deleteUserSessions(q: Queryable, userId: string, keep?: string): Promise<void> {
  await q.query('delete from auth.sessions where user_id = $1::uuid and id is distinct from $2::uuid', [
    userId,
    keep ?? null,
  ]);
}

export async function addAmrClaim(q: Queryable, sessionId: string, method: string): Promise<void> {
  await q.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method)
     values ($1::uuid, now(), now(), $2)
     on conflict (session_id, authentication_method) do update set updated_at = excluded.updated_at`,
    [sessionId, method],
  );
}

/**
 * What the access token says of the session: its assurance level, the methods behind it (newest first) and, for a
 * session an OAuth client holds, that client.
 */
export async function sessionClaims(
  q: Queryable,
  sessionId: string,
): Promise<{ aal: string; amr: Array<{ method: string; timestamp: number }>; clientId: string | null }> {
  const row = await one<{
    aal: string | null;
    amr: Array<{ method: string; timestamp: number }> | null;
    client_id: string | null;
  }>(
    q,
    `select s.aal, s.oauth_client_id::text as client_id,
       (select json_agg(json_build_object('method', c.authentication_method,
                                          'timestamp', extract(epoch from c.updated_at)::int)
                        order by c.updated_at desc)
        from auth.mfa_amr_claims c where c.session_id = s.id) as amr
     from auth.sessions s where s.id = $1::uuid`,
    [sessionId],
  );
  return { aal: row?.aal ?? 'aal1', amr: row?.amr ?? [], clientId: row?.client_id ?? null };
}

/** A factor verified in this session raises it to aal2 and is remembered as the factor that did. */
export async function upgradeSession(q: Queryable, sessionId: string, factorId: string): Promise<void> {
  await q.query(`update auth.sessions set aal = 'aal2', factor_id = $2::uuid, updated_at = now() where id = $1::uuid`, [
    sessionId,
    factorId,
  ]);
}

/** Once a user has a verified factor, their sessions below aal2 end (GoTrue's InvalidateSessionsWithAALLessThan). */
export async function deleteSessionsBelowAal2(q: Queryable, userId: string): Promise<void> {
  await q.query(`delete from auth.sessions where user_id = $1::uuid and coalesce(aal, 'aal1') < 'aal2'`, [userId]);
}

/** Sessions raised by a factor that is removed fall back to aal1. */
export async function downgradeSessionsOfFactor(q: Queryable, factorId: string): Promise<void> {
  await q.query(
    `delete from auth.mfa_amr_claims where session_id in (select id from auth.sessions where factor_id = $1::uuid)
       and authentication_method in ('totp', 'mfa/totp', 'mfa/phone', 'mfa/webauthn')`,
    [factorId],
  );
  await q.query(
    `update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1::uuid`,
    [factorId],
  );
}

/** Hands a new session to an OAuth client, with the scopes the user granted it. */
export async function assignSessionToClient(
  q: Queryable,
  sessionId: string,
  clientId: string,
  scopes: string,
): Promise<void> {
  await q.query('update auth.sessions set oauth_client_id = $2::uuid, scopes = $3 where id = $1::uuid', [
    sessionId,
    clientId,
    scopes,
  ]);
}

/** The OAuth client holding the session, if any. */
export async function sessionClientId(q: Queryable, sessionId: string): Promise<string | null> {
  const row = await one<{ client_id: string | null }>(
    q,
    'select oauth_client_id::text as client_id from auth.sessions where id = $1::uuid',
    [sessionId],
  );
  return row?.client_id ?? null;
}
