// Failed password sign-ins per account, on top of GoTrue's per-address limits: an attacker spreading guesses over
// many addresses still gets only a few per account before each further guess waits longer (see migration 0030).
// The account is named by what was typed, so unknown e-mail addresses are throttled exactly like real ones and the
// answers and their timing reveal nothing about which accounts exist.
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { AuthError } from './errors.ts';

/** Failures allowed before the first lock; they are forgotten an hour after the last one. */
export const FREE_FAILURES = 5;
const FIRST_LOCK_SECONDS = 30;
/** Each further failure doubles the lock, up to this: short, so an account is never held for long. */
const MAX_LOCK_SECONDS = 600;
const FORGET_AFTER_SECONDS = 3600;
/** An address that signed in with the password within this time is not held by the account's lock. */
const KNOWN_ADDRESS_SECONDS = 30 * 24 * 3600;

/** What a product can show: GoTrue's code for a rate limit, with its wording for a wait. */
export function tooManyAttempts(seconds: number): AuthError {
  return new AuthError(
    429,
    'over_request_rate_limit',
    `Too many failed sign-in attempts. For security purposes, you can only request this after ${seconds} seconds.`,
  );
}

/** The account as typed: `email:` lower-cased, or `phone:` in the stored format; hashed. */
export function accountKey(kind: 'email' | 'phone', value: string): string {
  const normalized = kind === 'email' ? value.trim().toLowerCase() : value;
  return createHash('sha256').update(`${kind}:${normalized}`).digest('hex');
}

/** Counts an attempt before the password is compared; throws 429 while the account is locked for this address. */
export async function beginPasswordAttempt(q: Queryable, key: string, address: string | undefined): Promise<void> {
  const { rows } = await q.query<{ wait: number }>(
    'select _backend.begin_password_attempt($1, $2, $3, $4, $5, $6, $7) as wait',
    [
      key,
      address ?? null,
      FREE_FAILURES,
      FIRST_LOCK_SECONDS,
      MAX_LOCK_SECONDS,
      FORGET_AFTER_SECONDS,
      KNOWN_ADDRESS_SECONDS,
    ],
  );
  const wait = Number(rows[0]?.wait ?? 0);
  if (wait > 0) throw tooManyAttempts(wait);
}

/** The password was right: the count starts again and the address is remembered as the owner's. */
export async function passwordAttemptSucceeded(q: Queryable, key: string, address: string | undefined): Promise<void> {
  await q.query('select _backend.password_sign_in_succeeded($1, $2)', [key, address ?? null]);
}
