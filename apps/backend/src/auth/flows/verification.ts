// What verifying an e-mailed token changes, per kind: confirming the address (sign-up, invite), ending a recovery
// or magic link, or applying an e-mail change (after both addresses confirmed it, when that is required).
import type { Queryable } from '../../db/types.ts';
import type { AuthDeps } from '../context.ts';
import { insertIdentity, mergeIdentityData } from '../models/identities.ts';
import { clearOneTimeTokens } from '../models/one-time-tokens.ts';
import { NOW } from '../models/sql.ts';
import { updateUser, type UserRow } from '../models/users.ts';
import { hashPassword } from '../password.ts';
import { generateUnusablePassword } from '../secrets.ts';
import { confirmEmail, isEmailConfirmed } from './accounts.ts';
import type { Verified } from './verify-lookup.ts';

/** The outcome of a verification: a confirmed account to sign in, or half of a double-confirmed e-mail change. */
export type Applied = { user: UserRow } | { awaitingOtherAddress: true };

export async function applyVerification(
  q: Queryable,
  deps: AuthDeps,
  verified: Verified,
  usedHash: string,
): Promise<Applied> {
  const { user, type } = verified;
  switch (type) {
    case 'signup':
    case 'invite': {
      let account = user;
      // An invited account has no password yet; it gets one nobody knows until the person chooses their own.
      if (!account.encrypted_password && account.invited_at) {
        account = await updateUser(q, user.id, { encrypted_password: await hashPassword(generateUnusablePassword()) });
      }
      return { user: await confirmEmail(q, account) };
    }
    case 'recovery':
    case 'magiclink': {
      const recovered = await updateUser(q, user.id, { recovery_token: '' });
      await clearOneTimeTokens(q, user.id);
      return { user: isEmailConfirmed(recovered) ? recovered : await confirmEmail(q, recovered) };
    }
    case 'email_change':
      return applyEmailChange(q, deps, user, usedHash);
  }
}

export async function applyEmailChange(
  q: Queryable,
  deps: AuthDeps,
  user: UserRow,
  usedHash: string,
): Promise<Applied> {
  const firstOfTwo =
    !deps.settings.mailerAutoconfirm &&
    deps.settings.secureEmailChange &&
    (user.email_change_confirm_status ?? 0) === 0 &&
    !!user.email;
  if (firstOfTwo) {
    const current = usedHash === user.email_change_token_current;
    await updateUser(q, user.id, {
      email_change_confirm_status: 1,
      ...(current ? { email_change_token_current: '' } : { email_change_token_new: '' }),
    });
    await clearOneTimeTokens(q, user.id, [current ? 'email_change_token_current' : 'email_change_token_new']);
    return { awaitingOtherAddress: true };
  }
  const newEmail = user.email_change!;
  const hadIdentity = await mergeIdentityData(q, user.id, 'email', { email: newEmail, email_verified: true });
  if (!hadIdentity) {
    await insertIdentity(q, {
      userId: user.id,
      provider: 'email',
      identityData: { sub: user.id, email: newEmail, email_verified: true, phone_verified: false },
    });
  }
  const changed = await updateUser(q, user.id, {
    email: newEmail,
    email_change: '',
    email_change_token_current: '',
    email_change_token_new: '',
    email_change_confirm_status: 0,
    // An anonymous user who confirms an address becomes a permanent one.
    is_anonymous: false,
    // Proving the new address also confirms an account that had no confirmed one.
    ...(user.email_confirmed_at ? {} : { email_confirmed_at: NOW }),
  });
  await clearOneTimeTokens(q, user.id, ['email_change_token_current', 'email_change_token_new']);
  return { user: changed };
}
