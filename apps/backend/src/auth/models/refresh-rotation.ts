// The common case of a refresh in one call: _backend.rotate_refresh_token (migration 0007) spends a live refresh
// token, issues its child, touches the session and returns everything the response needs, or NULL when the token
// is spent, unknown, or its session or user may not refresh; the caller then takes the locking path, which tells
// those cases apart. Concurrent refreshes of one token are safe: the UPDATE's row lock lets one spend it and the
// others find it spent.
import type { Queryable } from '../../db/types.ts';
import type { SessionJson } from '../tokens.ts';
import { one } from './sql.ts';

export async function rotateLiveRefreshToken(
  q: Queryable,
  presented: string,
  next: string,
  userAgent: string | undefined,
): Promise<SessionJson | undefined> {
  const row = await one<{ rotated: SessionJson | null }>(
    q,
    'select _backend.rotate_refresh_token($1, $2, $3) as rotated',
    [presented, next, userAgent ?? null],
  );
  return row?.rotated ?? undefined;
}
