// auth.identities of external providers (OpenID Connect issuers, web3 wallets), found by the provider's id of the
// person, and the lookups GoTrue's automatic account linking makes by verified e-mail address.
import type { Queryable } from '../../db/types.ts';
import { IDENTITY_COLUMNS, type IdentityRow } from './identities.ts';
import { one } from './sql.ts';
import { USER_COLUMNS, type UserRow } from './users.ts';

export function findIdentityByProviderId(
  q: Queryable,
  providerId: string,
  provider: string,
): Promise<IdentityRow | undefined> {
  return one(q, `select ${IDENTITY_COLUMNS} from auth.identities where provider_id = $1 and provider = $2`, [
    providerId,
    provider,
  ]);
}

export async function insertExternalIdentity(
  q: Queryable,
  identity: { userId: string; provider: string; providerId: string; identityData: Record<string, unknown> },
): Promise<IdentityRow> {
  const row = await one<IdentityRow>(
    q,
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2::uuid, $3::jsonb, $4, now(), now(), now()) returning ${IDENTITY_COLUMNS}`,
    [identity.providerId, identity.userId, identity.identityData, identity.provider],
  );
  return row!;
}

/** A returning sign-in: the provider's latest view of the person replaces the stored one. */
export async function replaceIdentityData(
  q: Queryable,
  identityId: string,
  identityData: Record<string, unknown>,
): Promise<void> {
  await q.query(
    `update auth.identities set identity_data = $2::jsonb, last_sign_in_at = now(), updated_at = now()
     where id = $1::uuid`,
    [identityId, identityData],
  );
}

export async function deleteIdentitiesExcept(q: Queryable, userId: string, keptIdentityId: string): Promise<void> {
  await q.query('delete from auth.identities where user_id = $1::uuid and id <> $2::uuid', [userId, keptIdentityId]);
}

/** The providers a user signs in with, the earliest first. */
export async function identityProviders(q: Queryable, userId: string): Promise<string[]> {
  const { rows } = await q.query<{ provider: string }>(
    `select provider from auth.identities where user_id = $1::uuid group by provider order by min(created_at), provider`,
    [userId],
  );
  return rows.map((row) => row.provider);
}

/** Identities whose e-mail address (stored in lower case) is one of `emails`. */
export async function findIdentitiesByEmails(q: Queryable, emails: string[]): Promise<IdentityRow[]> {
  const { rows } = await q.query<IdentityRow>(
    `select ${IDENTITY_COLUMNS} from auth.identities where email in (select jsonb_array_elements_text($1::jsonb))`,
    [emails],
  );
  return rows;
}

export async function findUsersByEmails(q: Queryable, emails: string[]): Promise<UserRow[]> {
  const { rows } = await q.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) in (select jsonb_array_elements_text($1::jsonb)) and is_sso_user = false`,
    [emails],
  );
  return rows;
}
