// When a session still has to pass its second factor (AAL1 while the user has a verified one), and where it does.
import type { User } from '@supabase/supabase-js';
import { LOGIN_PATH, HOME_PATH } from '../lib/redirects';

export const SECOND_FACTOR_PATH = `${LOGIN_PATH}/code`;

/** The `aal` claim of an access token, read without verifying it: the auth service verified it when it issued it. */
function assuranceLevelOf(accessToken: string): string | null {
  try {
    const payload = accessToken.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const aal = (JSON.parse(json) as { aal?: unknown }).aal;
    return typeof aal === 'string' ? aal : null;
  } catch {
    return null;
  }
}

export function hasVerifiedFactor(user: Pick<User, 'factors'>): boolean {
  return (user.factors ?? []).some((factor) => factor.status === 'verified');
}

/**
 * True when the session signed in with its first factor only although the user has a verified one: such a session
 * may open nothing but the code step (supabase-js calls this currentLevel aal1, nextLevel aal2).
 */
export function needsSecondFactor(accessToken: string, user: Pick<User, 'factors'>): boolean {
  return hasVerifiedFactor(user) && assuranceLevelOf(accessToken) !== 'aal2';
}

/** The code step, remembering where to continue afterwards. */
export function secondFactorPathFor(redirectTo: string): string {
  if (redirectTo === HOME_PATH) return SECOND_FACTOR_PATH;
  return `${SECOND_FACTOR_PATH}?${new URLSearchParams({ redirectTo })}`;
}
