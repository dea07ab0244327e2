// The reauthentication code: sent by GET /reauthenticate, spent by the password change it authorises.
import type { Queryable } from '../../db/types.ts';
import type { AuthDeps } from '../context.ts';
import { AuthErrors } from '../errors.ts';
import { clearOneTimeTokens } from '../models/one-time-tokens.ts';
import { updateUser, type UserRow } from '../models/users.ts';
import { tokenHash } from '../secrets.ts';

export async function spendReauthenticationCode(
  q: Queryable,
  deps: AuthDeps,
  user: UserRow,
  nonce: string,
): Promise<void> {
  const sentAt = user.reauthentication_sent_at;
  if (!user.reauthentication_token || !sentAt) throw AuthErrors.reauthenticationNotValid();
  // The code went by e-mail when the account has an address, else by SMS, each with its own lifetime.
  const expirySeconds = user.email ? deps.settings.otpExpirySeconds : deps.settings.smsOtpExpirySeconds;
  const expired = Date.parse(sentAt) + expirySeconds * 1000 < Date.now();
  if (expired || tokenHash(user.email || user.phone || '', nonce) !== user.reauthentication_token) {
    throw AuthErrors.reauthenticationNotValid();
  }
  await updateUser(q, user.id, { reauthentication_token: '', reauthentication_sent_at: null });
  await clearOneTimeTokens(q, user.id, ['reauthentication_token']);
}
