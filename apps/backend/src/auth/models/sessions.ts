// auth.sessions and auth.mfa_amr_claims: a signed-in device, and the methods it signed in with (the `amr` claim).
import type { Queryable } from '../../db/types.ts';
import { newId } from '../secrets.ts';
import { isoTimestamp, one } from './sql.ts';

export interface SessionRow {
  id: string;
  user_id: string;
  aal: string | null;
  not_after: string | null;
  created_at: string;
}

export async function createSession(q: Queryable, userId: string, userAgent: string | undefined): Promise<string> {
  const id = newId();
  await q.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent)
     values ($1::uuid, $2::uuid, now(), now(), 'aal1', $3)`,
    [id, userId, userAgent ?? null],
  );
  return id;
}

export function findSession(q: Queryable, id: string): Promise<SessionRow | undefined> {
  return one(
    q,
    `select id, user_id, aal, ${isoTimestamp('not_after')}, ${isoTimestamp('created_at')}
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

export async function amrClaims(
  q: Queryable,
  sessionId: string,
): Promise<Array<{ method: string; timestamp: number }>> {
  const { rows } = await q.query<{ method: string; timestamp: number }>(
    `select authentication_method as method, extract(epoch from updated_at)::int as timestamp
     from auth.mfa_amr_claims where session_id = $1::uuid order by updated_at desc`,
    [sessionId],
  );
  return rows;
}
