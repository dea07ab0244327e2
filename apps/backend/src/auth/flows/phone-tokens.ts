// Codes by SMS: a confirmation (phone sign-up or sign-in by code), a number change, or a reauthentication, stored as GoTrue stores them
// (SHA-224 of the number and the code) and texted through the SMS sender, one per number per max_frequency. Texts
// kept in the mailbox are not counted against [auth.rate_limit] sms_sent, as e-mail kept there is not.
import type { Queryable } from '../../db/types.ts';
import { sendSms } from '../../mail/sms.ts';
import type { AuthDeps } from '../context.ts';
import { AuthErrors } from '../errors.ts';
import { saveOneTimeToken } from '../models/one-time-tokens.ts';
import { NOW } from '../models/sql.ts';
import { updateUser, type UserRow } from '../models/users.ts';
import { generateOtp, tokenHash } from '../secrets.ts';

export type PhoneCodeKind = 'confirmation' | 'phone_change' | 'reauthentication';

const SENT_AT = {
  confirmation: 'confirmation_sent_at',
  phone_change: 'phone_change_sent_at',
  reauthentication: 'reauthentication_sent_at',
} as const;

function assertNotTooSoon(deps: AuthDeps, sentAt: string | null): void {
  if (!sentAt) return;
  const allowedFrom = Date.parse(sentAt) + deps.settings.smsMaxFrequencyMs;
  const now = Date.now();
  if (allowedFrom > now) {
    throw AuthErrors.overSmsSendRateLimit(Math.ceil((allowedFrom - now) / 1000));
  }
}

/** Texts a new code to `phone` and stores its hash; returns the message id. */
export async function sendPhoneCode(
  q: Queryable,
  deps: AuthDeps,
  user: UserRow,
  phone: string,
  kind: PhoneCodeKind,
): Promise<string> {
  assertNotTooSoon(deps, user[SENT_AT[kind]]);
  const otp = generateOtp(deps.settings.otpLength);
  const hash = tokenHash(phone, otp);
  if (kind === 'confirmation') {
    await updateUser(q, user.id, { confirmation_token: hash, confirmation_sent_at: NOW });
    await saveOneTimeToken(q, { userId: user.id, type: 'confirmation_token', hash, relatesTo: phone });
  } else if (kind === 'reauthentication') {
    await updateUser(q, user.id, { reauthentication_token: hash, reauthentication_sent_at: NOW });
    await saveOneTimeToken(q, { userId: user.id, type: 'reauthentication_token', hash, relatesTo: phone });
  } else {
    await updateUser(q, user.id, { phone_change: phone, phone_change_token: hash, phone_change_sent_at: NOW });
    await saveOneTimeToken(q, { userId: user.id, type: 'phone_change_token', hash, relatesTo: phone });
  }
  return sendSms(q, { phone, text: deps.settings.smsTemplate.replace(/\{\{\s*\.Code\s*\}\}/g, otp) });
}
