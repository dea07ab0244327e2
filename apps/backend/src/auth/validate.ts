// Validation of identifiers and PKCE parameters, with GoTrue's messages.
import { AuthErrors } from './errors.ts';

// The address syntax GoTrue accepts (local part of RFC 5322 atoms and dots, DNS labels after the @).
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Returns the address in lower case, as GoTrue stores it. */
export function validateEmail(email: string): string {
  if (email === '') throw AuthErrors.validation('An email address is required');
  if (email.length > 255) throw AuthErrors.validation('An email address is too long');
  if (!EMAIL_FORMAT.test(email)) throw AuthErrors.validation('Unable to validate email address: invalid format');
  return email.toLowerCase();
}

/** Phone numbers are kept in E.164 without the plus sign, as GoTrue keeps them. */
export function formatPhone(phone: string): string {
  return phone.replace(/[\s\-()]/g, '').replace(/^\+/, '');
}

export function validatePhone(phone: string): string {
  const formatted = formatPhone(phone);
  if (!/^[1-9]\d{1,14}$/.test(formatted)) throw AuthErrors.validation('Invalid phone number format (E.164 required)');
  return formatted;
}

/**
 * The channel a code is texted on. GoTrue offers WhatsApp with Twilio only; without an SMS provider only "sms" (the
 * default when none is given) is valid.
 */
export function validateMessageChannel(channel: string): void {
  if (channel !== '' && channel !== 'sms') {
    throw AuthErrors.validation("Invalid channel, supported values are 'sms' or 'whatsapp'");
  }
}

export type CodeChallengeMethod = 's256' | 'plain';

export function validatePkceParams(method: string, challenge: string): CodeChallengeMethod | undefined {
  if ((method === '') !== (challenge === '')) {
    throw AuthErrors.validation('PKCE flow requires code_challenge_method and code_challenge');
  }
  if (challenge === '') return undefined;
  if (challenge.length < 43 || challenge.length > 128) {
    throw AuthErrors.validation('code challenge has to be between 43 and 128 characters');
  }
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge)) {
    throw AuthErrors.validation(
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    );
  }
  const normalized = method.toLowerCase();
  if (normalized !== 's256' && normalized !== 'plain') {
    throw AuthErrors.validation(`code challenge method ${method} not supported`);
  }
  return normalized;
}
