// Keys shared by every backend process of one database. The first process to start creates them; processes starting
// at the same moment each offer theirs and all keep the one the database took first (insert-if-absent, then read).
// A change (a rotation) is announced on KEYS_CHANNEL so every process loads the keys again.
import type { JWK } from 'jose';
import type { Queryable } from './db/types.ts';

export const KEYS_CHANNEL = '_backend_keys';
export const SIGNING_KEYS = 'signing_keys';
export const API_KEYS = 'api_keys';

export async function readSharedKey<T>(db: Queryable, name: string): Promise<T | undefined> {
  const { rows } = await db.query<{ value: T }>('select value from _backend.project_keys where name = $1', [name]);
  return rows[0]?.value;
}

/** The stored value of `name`; when there is none yet, `offer()` is stored unless another process was first. */
export async function sharedKey<T>(db: Queryable, name: string, offer: () => Promise<T> | T): Promise<T> {
  const existing = await readSharedKey<T>(db, name);
  if (existing !== undefined) return existing;
  await db.query(
    'insert into _backend.project_keys (name, value) values ($1, $2::jsonb) on conflict (name) do nothing',
    [name, JSON.stringify(await offer())],
  );
  return (await readSharedKey<T>(db, name))!;
}

/** Replaces `name` only if it still holds `expected` (so two processes updating at once agree); then reads it. */
export async function replaceSharedKey<T>(db: Queryable, name: string, expected: T, next: T): Promise<T> {
  await db.query(
    `update _backend.project_keys set value = $3::jsonb, updated_at = now()
      where name = $1 and value = $2::jsonb`,
    [name, JSON.stringify(expected), JSON.stringify(next)],
  );
  return (await readSharedKey<T>(db, name))!;
}

/** Puts a new signing key first (new tokens are signed with it; the others still verify) and tells every process. */
export async function storeSigningKeys(db: Queryable, jwks: JWK[]): Promise<void> {
  await db.query(
    `insert into _backend.project_keys (name, value) values ($1, $2::jsonb)
     on conflict (name) do update set value = excluded.value, updated_at = now()`,
    [SIGNING_KEYS, JSON.stringify(jwks)],
  );
  await db.query('select pg_notify($1, $2)', [KEYS_CHANNEL, SIGNING_KEYS]);
}
