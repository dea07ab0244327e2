// Manual identity linking as GoTrue does it: an external identity added to the signed-in account (which takes the
// identity's address when it has none), and an identity removed again, never the last one.
import type { Queryable } from '../../db/types.ts';
import type { AuthDeps } from '../context.ts';
import { AuthError, AuthErrors } from '../errors.ts';
import { findIdentityByProviderId, identityProviders, insertExternalIdentity } from '../models/external-identities.ts';
import { findIdentities, type IdentityRow } from '../models/identities.ts';
import { findUserByEmail, updateUser, type UserRow } from '../models/users.ts';
import { confirmEmail } from './accounts.ts';
import { sendConfirmation } from './email-tokens.ts';
import type { ExternalUserData } from './external-linking.ts';

async function refreshProviders(q: Queryable, user: UserRow): Promise<UserRow> {
  const providers = await identityProviders(q, user.id);
  return updateUser(q, user.id, { raw_app_meta_data: { ...user.raw_app_meta_data, providers } });
}

/**
 * The account keeps its address while one of its identities has it; otherwise it takes the address of the first
 * identity whose address no other account uses (none, when no identity has one). Undefined when every address is
 * taken (GoTrue's e-mail conflict).
 */
async function emailFromIdentities(q: Queryable, user: UserRow): Promise<UserRow | undefined> {
  const identities = await findIdentities(q, user.id);
  const current = (user.email ?? '').toLowerCase();
  if (identities.some((identity) => (identity.email ?? '') === current)) return user;
  for (const identity of identities) {
    const email = identity.email ?? '';
    const owner = email === '' ? undefined : await findUserByEmail(q, email);
    if (owner && owner.id !== user.id) continue;
    if (email === '') return updateUser(q, user.id, { email: null, email_confirmed_at: null });
    return updateUser(q, user.id, { email });
  }
  return undefined;
}

export interface LinkRequest {
  provider: string;
  data: ExternalUserData;
  /** Where the confirmation e-mail for an unverified address leads. */
  redirectTo: string;
}

/**
 * Adds the identity to `target`. A refusal to be sent after the commit (the confirmation e-mail for an unverified
 * address is kept) is returned, not thrown.
 */
export async function linkIdentityToUser(
  tx: Queryable,
  deps: AuthDeps,
  target: UserRow,
  link: LinkRequest,
): Promise<UserRow | AuthError> {
  const existing = await findIdentityByProviderId(tx, link.data.subject, link.provider);
  if (existing) throw AuthErrors.identityAlreadyLinked(existing.user_id !== target.id);
  await insertExternalIdentity(tx, {
    userId: target.id,
    provider: link.provider,
    providerId: link.data.subject,
    identityData: link.data.identityData,
  });
  let user = target;
  if (!user.email) {
    const withEmail = await emailFromIdentities(tx, user);
    if (!withEmail)
      throw new AuthError(400, 'email_exists', 'A user with this email address has already been registered');
    user = withEmail;
    const primary = link.data.emails.find((email) => email.primary) ?? link.data.emails.at(-1);
    if (!primary?.verified) {
      await sendConfirmation(tx, deps, user, { pkce: false, redirectTo: link.redirectTo });
      return new AuthError(
        422,
        'email_not_confirmed',
        `Unverified email with ${link.provider}. A confirmation email has been sent to your ${link.provider} email`,
      );
    }
    user = await confirmEmail(tx, user);
    if (user.is_anonymous) user = await updateUser(tx, user.id, { is_anonymous: false });
  }
  return refreshProviders(tx, user);
}

/** Removes one of the user's identities; a phone identity takes the number with it, others may change the address. */
export async function unlinkIdentity(tx: Queryable, user: UserRow, identity: IdentityRow): Promise<void> {
  await tx.query('delete from auth.identities where id = $1::uuid', [identity.id]);
  let current = user;
  if (identity.provider === 'phone') {
    current = await updateUser(tx, user.id, { phone: null, phone_confirmed_at: null });
  } else {
    const updated = await emailFromIdentities(tx, user);
    if (!updated) {
      throw new AuthError(
        422,
        'email_conflict_identity_not_deletable',
        'Unable to unlink identity due to email conflict',
      );
    }
    current = updated;
  }
  await refreshProviders(tx, current);
}
