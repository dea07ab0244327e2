// auth.refresh_tokens: the chain of opaque tokens of a session. Refreshing revokes the presented token and issues a
// child whose parent is it, so a spent token can be recognised (and its session revoked) when it comes back.
import type { Queryable } from '../../db/types.ts';
import { generateRefreshToken } from '../secrets.ts';
import { one } from './sql.ts';

export interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  session_id: string | null;
  parent: string | null;
  revoked: boolean;
  /** Milliseconds since the epoch of the last change (for a revoked token: when it was spent). */
  updated_ms: number;
}

const COLUMNS = `id, token, user_id, session_id, parent, coalesce(revoked, false) as revoked,
  (extract(epoch from updated_at) * 1000)::float8 as updated_ms`;

export async function insertRefreshToken(
  q: Queryable,
  token: { userId: string; sessionId: string; parent: string | null },
): Promise<string> {
  const value = generateRefreshToken();
  await q.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4::uuid)`,
    [value, token.userId, token.parent, token.sessionId],
  );
  return value;
}

/** Finds a token and locks it, so concurrent refreshes of one token are handled one after the other. */
export function findRefreshTokenForUpdate(q: Queryable, token: string): Promise<RefreshTokenRow | undefined> {
  return one(q, `select ${COLUMNS} from auth.refresh_tokens where token = $1 for update`, [token]);
}

/** The token a session currently refreshes with: its newest one that is not revoked. */
export function activeRefreshToken(q: Queryable, sessionId: string): Promise<RefreshTokenRow | undefined> {
  return one(
    q,
    `select ${COLUMNS} from auth.refresh_tokens where session_id = $1::uuid and not coalesce(revoked, false)
     order by id desc limit 1`,
    [sessionId],
  );
}

export async function revokeRefreshToken(q: Queryable, id: string): Promise<void> {
  await q.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint', [id]);
}
