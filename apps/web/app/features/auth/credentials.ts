// Turns the sign-in form's "Email or phone" and password into the credentials supabase-js expects.
export const MISSING_CREDENTIALS_MESSAGE = 'You must provide either an email or phone number and a password';

export type Credentials = { email: string; password: string } | { phone: string; password: string };

const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/** A value made of digits (at least 6) and phone punctuation, with an optional leading "+", is a phone number. */
export function looksLikePhone(value: string): boolean {
  const trimmed = value.trim();
  return PHONE_CHARACTERS.test(trimmed) && trimmed.replace(/\D/g, '').length >= 6;
}

/** Keeps the digits and a leading "+": "+1 (555) 010-0000" becomes "+15550100000". */
export function normalizePhone(value: string): string {
  const trimmed = value.trim();
  return `${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(value.trim());
}

/** Null when the identifier or the password is missing: the caller answers with MISSING_CREDENTIALS_MESSAGE. */
export function toCredentials(identifier: string, password: string): Credentials | null {
  const trimmed = identifier.trim();
  if (trimmed === '' || password === '') return null;
  if (looksLikePhone(trimmed)) return { phone: normalizePhone(trimmed), password };
  return { email: trimmed, password };
}
