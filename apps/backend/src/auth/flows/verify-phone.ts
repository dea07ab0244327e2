// Verifying a code sent by SMS: type "sms" confirms the number (phone sign-up or sign-in by code), type
// "phone_change" moves the account to its new number. The code is hashed with the number it was texted to.
import { timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/types.ts';
import type { AuthDeps } from '../context.ts';
import { AuthError, AuthErrors } from '../errors.ts';
import { insertIdentity, mergeIdentityData } from '../models/identities.ts';
import { clearOneTimeTokens } from '../models/one-time-tokens.ts';
import { NOW } from '../models/sql.ts';
import { findUserByPhone, findUserByPhoneChange, isBanned, updateUser, type UserRow } from '../models/users.ts';
import { tokenHash } from '../secrets.ts';
import { confirmPhone } from './accounts.ts';

function codeMatches(deps: AuthDeps, hash: string, stored: string | null, sentAt: string | null): boolean {
  if (!stored || !sentAt) return false;
  if (Date.parse(sentAt) + deps.settings.smsOtpExpirySeconds * 1000 < Date.now()) return false;
  const left = Buffer.from(hash);
  const right = Buffer.from(stored);
  return left.length === right.length && timingSafeEqual(left, right);
}

export async function verifyPhoneCode(
  q: Queryable,
  deps: AuthDeps,
  type: string,
  phone: string,
  code: string,
): Promise<UserRow> {
  if (type !== 'sms' && type !== 'phone_change') throw AuthErrors.validation('Invalid phone verification type');
  const hash = tokenHash(phone, code);
  const user = type === 'sms' ? await findUserByPhone(q, phone) : await findUserByPhoneChange(q, phone);
  if (!user) throw AuthErrors.otpInvalid();
  if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned');
  if (type === 'sms') {
    if (!codeMatches(deps, hash, user.confirmation_token, user.confirmation_sent_at)) throw AuthErrors.otpInvalid();
    if (user.phone_confirmed_at) {
      const signedIn = await updateUser(q, user.id, { confirmation_token: '' });
      await clearOneTimeTokens(q, user.id, ['confirmation_token']);
      return signedIn;
    }
    return confirmPhone(q, user);
  }
  if (!codeMatches(deps, hash, user.phone_change_token, user.phone_change_sent_at)) throw AuthErrors.otpInvalid();
  const changed = await updateUser(q, user.id, {
    phone,
    phone_confirmed_at: NOW,
    phone_change: '',
    phone_change_token: '',
    // An anonymous user who confirms a number becomes a permanent one.
    is_anonymous: false,
  });
  await clearOneTimeTokens(q, user.id, ['phone_change_token']);
  const patch = { phone, phone_verified: true };
  if (!(await mergeIdentityData(q, user.id, 'phone', patch))) {
    await insertIdentity(q, {
      userId: user.id,
      provider: 'phone',
      identityData: { sub: user.id, ...patch, email_verified: false },
    });
  }
  return changed;
}
