// Who a channel runs as: the JWT of the join (access_token) or of the socket's apikey, verified as Realtime verifies
// it (a role and an expiry are required), and what that role may do on a private channel: read (SELECT policies of
// realtime.messages, checked on probe rows as Realtime does) and write (INSERT policies).
import { decodeJwt } from 'jose';
import { isOpaqueKey, jwtForOpaqueKey } from '../api-keys.ts';
import type { RequestScope } from '../db/scope.ts';
import type { Db } from '../db/types.ts';
import type { Claims, Keys } from '../keys.ts';
import { verifyCached } from '../rest/jwt-cache.ts';

export interface Identity {
  token: string;
  role: string;
  claims: Claims;
  /** Seconds since the epoch. */
  exp: number;
}

/** A refusal with Realtime's reason, e.g. "InvalidJWTToken: Token has expired 3 seconds ago". */
export class RealtimeRefusal extends Error {
  constructor(
    readonly code: string,
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
  get reason(): string {
    return this.message;
  }
}

export function expiredMessage(exp: number): string {
  return `Token has expired ${Math.max(0, Math.floor(Date.now() / 1000) - exp)} seconds ago`;
}

/** Verifies a token (a JWT, or an opaque API key standing for one). */
export async function identify(keys: Keys, token: string): Promise<Identity> {
  const jwt = isOpaqueKey(token) ? jwtForOpaqueKey(keys, token) : token;
  if (!jwt || jwt.split('.').length !== 3) {
    throw new RealtimeRefusal('MalformedJWT', 'The token provided is not a valid JWT');
  }
  let claims: Claims;
  try {
    claims = await verifyCached(keys, jwt);
  } catch (error) {
    const reason = (error as Error).message ?? '';
    if (reason.includes('expired')) {
      const exp = Number(decodeJwt(jwt).exp ?? 0);
      throw new RealtimeRefusal('InvalidJWTToken', expiredMessage(exp));
    }
    if (reason.includes('malformed'))
      throw new RealtimeRefusal('MalformedJWT', 'The token provided is not a valid JWT');
    throw new RealtimeRefusal('JwtSignatureError', 'Failed to validate JWT signature');
  }
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
    throw new RealtimeRefusal('InvalidJWTToken', 'Fields `role` and `exp` are required in JWT');
  }
  if (claims.exp <= Math.floor(Date.now() / 1000)) {
    throw new RealtimeRefusal('InvalidJWTToken', expiredMessage(claims.exp));
  }
  return { token: jwt, role: claims.role, claims, exp: claims.exp };
}

/** The scope RLS checks run in, as the data API runs a GET of the subscriber. */
export function scopeOf(identity: Pick<Identity, 'role' | 'claims'>): RequestScope {
  return { role: identity.role, claims: identity.claims, method: 'GET', path: '/realtime/v1' };
}

export interface ReadPolicies {
  broadcast: boolean;
  presence: boolean;
}

/** Thrown to roll a probing transaction back once its answer is known. */
class Answer<T> extends Error {
  constructor(readonly value: T) {
    super('rolled back');
  }
}

async function probe<T>(db: Db, fn: Parameters<Db['transaction']>[0]): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new Answer(await fn(tx));
    });
  } catch (error) {
    if (error instanceof Answer) return error.value as T;
    throw error;
  }
  throw new Error('unreachable');
}

const SET_TOPIC = "select set_config('realtime.topic', $1, true) is null";

/** Whether the identity may receive broadcasts and presence on the private topic: rows it could SELECT. */
export async function readPolicies(db: Db, identity: Identity, topic: string): Promise<ReadPolicies> {
  return probe<ReadPolicies>(db, async (tx) => {
    const inserted = await tx.query<{ id: string }>(
      `insert into realtime.messages (topic, extension, private, event)
       values ($1, 'broadcast', true, 'probe'), ($1, 'presence', true, 'probe') returning id::text`,
      [topic],
    );
    const ids = inserted.rows.map((row) => row.id);
    await tx.query("select set_config('role', $1, true) is null, set_config('request.jwt.claims', $2, true) is null", [
      identity.role,
      JSON.stringify(identity.claims),
    ]);
    await tx.query(SET_TOPIC, [topic]);
    try {
      const seen = await tx.query<{ extension: string }>(
        'select extension from realtime.messages where id in (select jsonb_array_elements_text($1::jsonb)::uuid) and topic = $2',
        [JSON.stringify(ids), topic],
      );
      const extensions = new Set(seen.rows.map((row) => row.extension));
      return { broadcast: extensions.has('broadcast'), presence: extensions.has('presence') };
    } catch {
      return { broadcast: false, presence: false };
    }
  });
}

/** Whether the identity may send on the private topic (`extension`: broadcast or presence): an INSERT it could make. */
export async function mayWrite(
  db: Db,
  identity: Pick<Identity, 'role' | 'claims'>,
  topic: string,
  extension: 'broadcast' | 'presence',
): Promise<boolean> {
  try {
    return await probe<boolean>(db, async (tx) => {
      await tx.query(
        "select set_config('role', $1, true) is null, set_config('request.jwt.claims', $2, true) is null",
        [identity.role, JSON.stringify(identity.claims)],
      );
      await tx.query(SET_TOPIC, [topic]);
      await tx.query(
        "insert into realtime.messages (topic, extension, private, event) values ($1, $2, true, 'probe')",
        [topic, extension],
      );
      return true;
    });
  } catch {
    return false;
  }
}
