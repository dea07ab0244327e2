// Issuing the one-time codes sent by e-mail: a new code, its hash stored (with the PKCE prefix when a flow was
// started with a challenge), and the e-mail sent in the same transaction. One e-mail of a kind per max_frequency.
import type { Queryable } from '../../db/types.ts';
import type { AuthDeps } from '../context.ts';
import { sendAuthEmail } from '../emails/send.ts';
import { AuthErrors } from '../errors.ts';
import { saveOneTimeToken } from '../models/one-time-tokens.ts';
import { NOW } from '../models/sql.ts';
import { updateUser, type UserRow } from '../models/users.ts';
import { generateOtp, tokenHash, withFlowPrefix } from '../secrets.ts';

export interface LinkOptions {
  pkce: boolean;
  redirectTo: string;
}

function assertNotTooSoon(deps: AuthDeps, sentAt: string | null): void {
  if (!sentAt) return;
  const allowedFrom = Date.parse(sentAt) + deps.settings.mailMaxFrequencyMs;
  const now = Date.now();
  if (allowedFrom > now) throw AuthErrors.overEmailSendRateLimit(Math.floor((allowedFrom - now) / 1000));
}

export async function sendConfirmation(
  q: Queryable,
  deps: AuthDeps,
  user: UserRow,
  options: LinkOptions,
): Promise<UserRow> {
  assertNotTooSoon(deps, user.confirmation_sent_at);
  return sendConfirmationToken(q, deps, user, options, 'confirmation');
}

/** An invitation is a confirmation e-mail of another kind, sent whenever an administrator asks. */
export async function sendInvite(q: Queryable, deps: AuthDeps, user: UserRow, redirectTo: string): Promise<UserRow> {
  const invited = await updateUser(q, user.id, { invited_at: NOW });
  return sendConfirmationToken(q, deps, invited, { pkce: false, redirectTo }, 'invite');
}

async function sendConfirmationToken(
  q: Queryable,
  deps: AuthDeps,
  user: UserRow,
  options: LinkOptions,
  kind: 'confirmation' | 'invite',
): Promise<UserRow> {
  const email = user.email!;
  const otp = generateOtp(deps.settings.otpLength);
  const hash = withFlowPrefix(tokenHash(email, otp), options.pkce);
  const updated = await updateUser(q, user.id, { confirmation_token: hash, confirmation_sent_at: NOW });
  await saveOneTimeToken(q, { userId: user.id, type: 'confirmation_token', hash, relatesTo: email });
  await sendAuthEmail(q, deps, { kind, to: email, otp, linkToken: hash, redirectTo: options.redirectTo, email });
  return updated;
}

/** Password recovery and magic links share the recovery token (and its frequency limit), as in GoTrue. */
export async function sendRecovery(
  q: Queryable,
  deps: AuthDeps,
  user: UserRow,
  options: LinkOptions & { kind: 'recovery' | 'magiclink' },
): Promise<UserRow> {
  assertNotTooSoon(deps, user.recovery_sent_at);
  const email = user.email!;
  const otp = generateOtp(deps.settings.otpLength);
  const hash = withFlowPrefix(tokenHash(email, otp), options.pkce);
  const updated = await updateUser(q, user.id, { recovery_token: hash, recovery_sent_at: NOW });
  await saveOneTimeToken(q, { userId: user.id, type: 'recovery_token', hash, relatesTo: email });
  await sendAuthEmail(q, deps, {
    kind: options.kind,
    to: email,
    otp,
    linkToken: hash,
    redirectTo: options.redirectTo,
    email,
  });
  return updated;
}

/**
 * Starts an e-mail change: a code to the new address and, when changes are double-confirmed, another to the
 * current one. The change is applied when the link(s) are verified.
 */
export async function sendEmailChange(
  q: Queryable,
  deps: AuthDeps,
  user: UserRow,
  newEmail: string,
  options: LinkOptions,
): Promise<UserRow> {
  assertNotTooSoon(deps, user.email_change_sent_at);
  const otpNew = generateOtp(deps.settings.otpLength);
  const tokenNew = withFlowPrefix(tokenHash(newEmail, otpNew), options.pkce);
  const current = user.email ?? '';
  const confirmCurrent = deps.settings.secureEmailChange && current !== '';
  const otpCurrent = confirmCurrent ? generateOtp(deps.settings.otpLength) : '';
  const tokenCurrent = confirmCurrent ? withFlowPrefix(tokenHash(current, otpCurrent), options.pkce) : '';
  const updated = await updateUser(q, user.id, {
    email_change: newEmail,
    email_change_token_new: tokenNew,
    email_change_token_current: tokenCurrent,
    email_change_confirm_status: 0,
    email_change_sent_at: NOW,
  });
  await saveOneTimeToken(q, { userId: user.id, type: 'email_change_token_new', hash: tokenNew, relatesTo: newEmail });
  const mail = { kind: 'email_change' as const, redirectTo: options.redirectTo, email: current, newEmail };
  await sendAuthEmail(q, deps, { ...mail, to: newEmail, otp: otpNew, linkToken: tokenNew });
  if (confirmCurrent) {
    await saveOneTimeToken(q, {
      userId: user.id,
      type: 'email_change_token_current',
      hash: tokenCurrent,
      relatesTo: current,
    });
    await sendAuthEmail(q, deps, { ...mail, to: current, otp: otpCurrent, linkToken: tokenCurrent });
  }
  return updated;
}

/** A code (no link) that confirms a sensitive change such as a new password. */
export async function sendReauthentication(q: Queryable, deps: AuthDeps, user: UserRow): Promise<UserRow> {
  assertNotTooSoon(deps, user.reauthentication_sent_at);
  const email = user.email!;
  const otp = generateOtp(deps.settings.otpLength);
  const hash = tokenHash(email, otp);
  const updated = await updateUser(q, user.id, { reauthentication_token: hash, reauthentication_sent_at: NOW });
  await saveOneTimeToken(q, { userId: user.id, type: 'reauthentication_token', hash, relatesTo: email });
  await sendAuthEmail(q, deps, { kind: 'reauthentication', to: email, otp, redirectTo: deps.settings.siteUrl, email });
  return updated;
}
