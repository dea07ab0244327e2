// Finding the account an e-mailed token belongs to: a link carries the stored token hash; a typed code is hashed
// with the address it was sent to. Expired, unknown and banned all refuse, with GoTrue's errors.
import type { Queryable } from '../../db/types.ts';
import type { AuthDeps } from '../context.ts';
import { AuthError, AuthErrors } from '../errors.ts';
import type { FlowMethod } from '../models/flow-state.ts';
import { findUserByEmail, findUserByToken, isBanned, type UserRow } from '../models/users.ts';
import { PKCE_PREFIX, tokenHash } from '../secrets.ts';

export type EmailVerifyType = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change';

/** Which PKCE flow (by GoTrue's method name) a verified link of each kind completes. */
export const FLOW_METHOD: Record<EmailVerifyType, FlowMethod> = {
  signup: 'email/signup',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email_change',
};

function isExpired(deps: AuthDeps, sentAt: string | null): boolean {
  return !sentAt || Date.parse(sentAt) + deps.settings.otpExpirySeconds * 1000 < Date.now();
}

function tokenMatches(deps: AuthDeps, hash: string, expected: string | null, sentAt: string | null): boolean {
  if (!expected || isExpired(deps, sentAt)) return false;
  return hash === expected || PKCE_PREFIX + hash === expected;
}

export interface Verified {
  user: UserRow;
  type: EmailVerifyType;
}

/** The account an e-mailed link belongs to; the link carries the stored hash itself. */
export async function findByLink(q: Queryable, deps: AuthDeps, type: string, hash: string): Promise<Verified> {
  const lookups: Record<string, Parameters<typeof findUserByToken>[1]> = {
    signup: ['confirmation_token'],
    invite: ['confirmation_token'],
    recovery: ['recovery_token'],
    magiclink: ['recovery_token'],
    email_change: ['email_change_token_current', 'email_change_token_new'],
    email: ['confirmation_token', 'recovery_token'],
  };
  if (!lookups[type]) throw AuthErrors.validation('Invalid email verification type');
  const user = await findUserByToken(q, lookups[type], hash);
  if (!user) throw AuthErrors.emailLinkInvalid();
  if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned');
  let effective = type as EmailVerifyType;
  if (type === 'email') effective = user.recovery_token === hash ? 'magiclink' : 'signup';
  const sentAt = {
    signup: user.confirmation_sent_at,
    invite: user.confirmation_sent_at,
    recovery: user.recovery_sent_at,
    magiclink: user.recovery_sent_at,
    email_change: user.email_change_sent_at,
  }[effective];
  if (isExpired(deps, sentAt)) throw AuthErrors.emailLinkInvalid();
  return { user, type: effective };
}

/** The account a typed code belongs to: the code is hashed with the address it was sent to. */
export async function findByCode(
  q: Queryable,
  deps: AuthDeps,
  type: string,
  email: string,
  code: string,
): Promise<Verified & { hash: string }> {
  if (type === 'sms' || type === 'phone_change') throw AuthErrors.otpInvalid();
  const hash = tokenHash(email, code);
  // A change is found by its code, which may belong to the current or the new address.
  const user =
    type === 'email_change'
      ? await findUserByToken(q, ['email_change_token_current', 'email_change_token_new'], hash, true)
      : await findUserByEmail(q, email);
  if (!user) throw AuthErrors.otpInvalid();
  if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned');
  const confirmation = tokenMatches(deps, hash, user.confirmation_token, user.confirmation_sent_at);
  const recovery = tokenMatches(deps, hash, user.recovery_token, user.recovery_sent_at);
  const change =
    tokenMatches(deps, hash, user.email_change_token_current, user.email_change_sent_at) ||
    tokenMatches(deps, hash, user.email_change_token_new, user.email_change_sent_at);
  const valid: Record<string, boolean> = {
    signup: confirmation,
    invite: confirmation,
    recovery,
    magiclink: recovery,
    email_change: change,
    email: confirmation || recovery,
  };
  if (!valid[type]) throw AuthErrors.otpInvalid();
  const effective = (type === 'email' ? (confirmation ? 'signup' : 'magiclink') : type) as EmailVerifyType;
  const stored = [user.email_change_token_current, user.email_change_token_new].find(
    (t) => t === hash || t === PKCE_PREFIX + hash,
  );
  return { user, type: effective, hash: stored ?? hash };
}
