// The auth service's answers about authenticator codes and factors, in words a person can act on.
import type { AuthError } from '@supabase/supabase-js';

export const CODE_FORMAT_MESSAGE = 'Enter the 6-digit code your authenticator app shows.';

const MESSAGES: Record<string, string> = {
  mfa_verification_failed: 'That code is not valid. Enter the code your authenticator app shows now.',
  mfa_challenge_expired: 'The code request expired. Enter the code your authenticator app shows now.',
  mfa_factor_not_found: 'This authenticator is no longer set up. Reload the page.',
  mfa_ip_address_mismatch: 'Your network changed while signing in. Enter the code again.',
  mfa_factor_name_conflict: 'An authenticator with this name already exists. Choose another name.',
  too_many_enrolled_mfa_factors: 'You have reached the maximum number of authenticators. Remove one first.',
  insufficient_aal:
    'This needs a sign-in confirmed with your authenticator code. Sign out, sign in again with your code, then retry.',
};

export function describeFactorError(error: Pick<AuthError, 'message'> & { code?: string }): string {
  return (error.code && MESSAGES[error.code]) || error.message;
}

/** Six digits; spaces people type between groups ("123 456") do not count. */
export function normalizeCode(code: string): string | null {
  const digits = code.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}
