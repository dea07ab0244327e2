// Helpers for database tests: create accounts the way the auth service does, and run statements as a user.
import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../../apps/backend/src/db/types.ts';
import { withScope } from '../../apps/backend/src/db/scope.ts';

export async function createAccount(db: Db, email: string, fullName = ''): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into auth.users (id, aud, role, email, raw_user_meta_data, raw_app_meta_data, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', $2, $3::jsonb, '{"provider":"email"}'::jsonb, now(), now())`,
    [id, email, { full_name: fullName }],
  );
  return id;
}

export function asUser<T>(db: Db, userId: string, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return withScope(
    db,
    { role: 'authenticated', claims: { sub: userId, role: 'authenticated' }, method: 'POST', path: '/' },
    fn,
  );
}
