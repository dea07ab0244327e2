// Passwords: the configured policy plus, when enabled, the common-password check (GoTrue's reasons and messages), bcrypt hashing
// off the event loop, and a comparison that costs the same whether or not the account exists.
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/bcrypt';
import { AuthErrors } from './errors.ts';
import { isCommonPassword } from './passwords/common.ts';
import type { AuthSettings } from './settings.ts';

/** bcrypt reads at most 72 bytes; a longer password would be silently truncated. */
const MAX_PASSWORD_BYTES = 72;
const BCRYPT_COST = 10;

export interface PasswordWeakness {
  message: string;
  reasons: string[];
}

/** Every rule the password breaks, in GoTrue's order; undefined when it meets the policy. */
export function passwordWeakness(password: string, settings: AuthSettings): PasswordWeakness | undefined {
  const reasons: string[] = [];
  const messages: string[] = [];
  if (password.length < settings.minimumPasswordLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${settings.minimumPasswordLength} characters.`);
  }
  const sets = settings.requiredCharacterSets;
  if (sets.some((set) => ![...set].some((character) => password.includes(character)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  // GoTrue's reason for a leaked password; here the check is against the bundled list of the most common ones.
  if (settings.rejectCommonPasswords && isCommonPassword(password)) {
    reasons.push('pwned');
    messages.push('Password is known to be weak and easy to guess, please choose a different one.');
  }
  return reasons.length > 0 ? { message: messages.join(' '), reasons } : undefined;
}

/** Throws GoTrue's errors for a password that may not be set. */
export function checkPasswordStrength(password: string, settings: AuthSettings): void {
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) {
    throw AuthErrors.validation(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  const weakness = passwordWeakness(password, settings);
  if (weakness) throw AuthErrors.weakPassword(weakness.message, weakness.reasons);
}

/** GoTrue's refusal (Go's bcrypt error) of a password too long to hash, where no policy check runs first. */
export function assertHashable(password: string): void {
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) {
    throw AuthErrors.validation(`bcrypt: password length exceeds ${MAX_PASSWORD_BYTES} bytes`);
  }
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, { cost: BCRYPT_COST });
}

let dummyHash: Promise<string> | undefined;

/**
 * Compares against the stored hash, or against a hash of a random secret when there is none, so that an unknown
 * address or a password-less account takes as long to refuse as a wrong password.
 */
export async function passwordMatches(password: string, storedHash: string | null | undefined): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(32).toString('hex'));
  const target = storedHash && storedHash.startsWith('$2') ? storedHash : await dummyHash;
  const matches = await verify(password, target).catch(() => false);
  return matches && target === storedHash;
}
