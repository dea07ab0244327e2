// auth.identities: how a user signs in (the email or phone provider here), with the provider's view of the user.
import type { Queryable } from '../../db/types.ts';
import { isoTimestamp } from './sql.ts';

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
  email: string | null;
}

export const IDENTITY_COLUMNS = [
  'id',
  'provider_id',
  'user_id',
  'identity_data',
  'provider',
  'email',
  isoTimestamp('last_sign_in_at'),
  isoTimestamp('created_at'),
  isoTimestamp('updated_at'),
].join(', ');

export async function findIdentities(q: Queryable, userId: string): Promise<IdentityRow[]> {
  const { rows } = await q.query<IdentityRow>(
    `select ${IDENTITY_COLUMNS} from auth.identities where user_id = $1::uuid order by created_at, id`,
    [userId],
  );
  return rows;
}

export async function insertIdentity(
  q: Queryable,
  identity: { userId: string; provider: 'email' | 'phone'; identityData: Record<string, unknown> },
): Promise<void> {
  // For the email and phone providers the provider's id of the user is the user's own id.
  await q.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1::text, $1::text::uuid, $2::jsonb, $3, now(), now(), now())`,
    [identity.userId, identity.identityData, identity.provider],
  );
}

/** Merges keys into the identity data of the user's identity for a provider; returns whether one existed. */
export async function mergeIdentityData(
  q: Queryable,
  userId: string,
  provider: 'email' | 'phone',
  patch: Record<string, unknown>,
): Promise<boolean> {
  const { rowCount } = await q.query(
    `update auth.identities set identity_data = identity_data || $3::jsonb, updated_at = now()
     where user_id = $1::uuid and provider = $2`,
    [userId, provider, patch],
  );
  return rowCount > 0;
}

export async function deleteIdentities(q: Queryable, userId: string): Promise<void> {
  await q.query('delete from auth.identities where user_id = $1::uuid', [userId]);
}
