// Creating and confirming accounts: the auth.users row, its identity, and what confirming an address changes.
import type { Queryable } from '../../db/types.ts';
import { AuthErrors } from '../errors.ts';
import { identityProviders } from '../models/external-identities.ts';
import { insertIdentity, mergeIdentityData } from '../models/identities.ts';
import { clearOneTimeTokens } from '../models/one-time-tokens.ts';
import { NOW } from '../models/sql.ts';
import { insertUser, updateUser, type UserRow } from '../models/users.ts';
import { newId } from '../secrets.ts';

export interface NewAccount {
  email?: string;
  phone?: string;
  passwordHash: string | null;
  userMetadata: Record<string, unknown>;
  /** A chosen id (admin API); otherwise a new one. */
  id?: string;
}

/**
 * Inserts the user (user_metadata as given, app_metadata naming its providers, e-mail first) and one identity per
 * provider, as GoTrue does.
 */
export async function createAccount(q: Queryable, account: NewAccount): Promise<UserRow> {
  const id = account.id ?? newId();
  const appMetadata = newAccountAppMetadata(account);
  const providers = appMetadata.providers;
  const user = await insertUser(q, {
    id,
    email: account.email ?? null,
    phone: account.phone ?? null,
    encryptedPassword: account.passwordHash,
    appMetadata,
    userMetadata: account.userMetadata,
  }).catch((error: unknown) => {
    // A trigger on auth.users (the product's) may refuse the row; GoTrue reports it in these words.
    throw AuthErrors.internal('Database error saving new user', error);
  });
  for (const provider of providers) {
    const claims: Record<string, unknown> = {
      sub: id,
      [provider]: provider === 'email' ? account.email : account.phone,
      email_verified: false,
      phone_verified: false,
    };
    // The identity also records the metadata given at sign-up, without overriding the provider's own claims.
    await insertIdentity(q, { userId: id, provider, identityData: { ...account.userMetadata, ...claims } });
  }
  return user;
}

/** app_metadata of a new account: the providers of its addresses, e-mail first. */
export function newAccountAppMetadata(account: { email?: string; phone?: string }): {
  provider: 'email' | 'phone';
  providers: Array<'email' | 'phone'>;
} {
  const providers = [...(account.email ? ['email' as const] : []), ...(account.phone ? ['phone' as const] : [])];
  return { provider: providers[0], providers };
}

/** Applies a metadata patch the way GoTrue does: keys set to null are removed, others replaced. */
export function mergeMetadata(
  current: Record<string, unknown> | null,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** Marks the e-mail address confirmed: the user, their e-mail identity, and no pending one-time codes. */
export async function confirmEmail(q: Queryable, user: UserRow): Promise<UserRow> {
  const confirmed = await updateUser(q, user.id, {
    confirmation_token: '',
    email_confirmed_at: NOW,
    raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, { email_verified: true }),
  });
  await mergeIdentityData(q, user.id, 'email', { email_verified: true });
  await clearOneTimeTokens(q, user.id);
  return confirmed;
}

export async function confirmPhone(q: Queryable, user: UserRow): Promise<UserRow> {
  const confirmed = await updateUser(q, user.id, { confirmation_token: '', phone_confirmed_at: NOW });
  await mergeIdentityData(q, user.id, 'phone', { phone_verified: true });
  await clearOneTimeTokens(q, user.id);
  return confirmed;
}

export function isEmailConfirmed(user: UserRow): boolean {
  return user.email_confirmed_at !== null;
}

/**
 * app_metadata's providers after a verification, as GoTrue records them: every provider with an identity, oldest
 * first, and the oldest as `provider` (an anonymous user that confirmed an address thus gets its first).
 */
export async function recordIdentityProviders(q: Queryable, user: UserRow): Promise<UserRow> {
  const providers = await identityProviders(q, user.id);
  const appMetadata: Record<string, unknown> = { ...(user.raw_app_meta_data ?? {}), providers };
  if (providers.length > 0) appMetadata.provider = providers[0];
  return updateUser(q, user.id, { raw_app_meta_data: appMetadata });
}
