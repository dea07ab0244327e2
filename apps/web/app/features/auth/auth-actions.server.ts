// Sign-in (password, then the authenticator code when one is set up), sign-up and e-mailed links, run with the
// request's Supabase client so the session cookie is set by the server.
import { isAuthWeakPasswordError } from '@supabase/supabase-js';
import { data, redirect } from 'react-router';
import { CODE_FORMAT_MESSAGE, describeFactorError, normalizeCode } from './factor-messages';
import { needsSecondFactor, secondFactorPathFor } from '../../session/second-factor';
import type { PopupRequest } from '../../lib/popup-store';
import { looksLikeEmail, MISSING_CREDENTIALS_MESSAGE, toCredentials } from './credentials';
import { HOME_PATH } from '../../lib/redirects';
import type { TypedSupabaseClient } from '../../types/supabase';

export type AuthActionResult = {
  /** A problem with what was typed, or a sign-in that must wait, shown in the form itself. */
  formError?: string;
  /** The auth service's answer, shown in the global popup. */
  popup?: PopupRequest;
  weakPassword?: { message: string; reasons: string[] };
};

/**
 * Said when the auth service refuses a sign-in with 429: too many attempts from this visitor, or too many wrong
 * passwords for the account. The service's own words name limits and seconds; a person only needs to know to wait.
 */
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Wait a moment and try again.';

/** The service's "Invalid login credentials", in plain words, shown with the form rather than in a dialog. */
export const WRONG_CREDENTIALS_MESSAGE = 'E-mail or password is wrong.';
const WRONG_PHONE_CREDENTIALS_MESSAGE = 'Phone number or password is wrong.';

const failure = (message: string, status = 400) =>
  data<AuthActionResult>({ popup: { type: 'error', message } }, status);
const invalidForm = (formError: string) => data<AuthActionResult>({ formError }, 400);
// Each success of these forms asks the person to do something next (open an e-mail): a dialog, not a passing notice.
const success = (message: string) => data<AuthActionResult>({ popup: { type: 'success', message, stay: true } });

/** Where e-mailed links lead: /confirm, which then continues to `redirectTo`. */
export function confirmUrl(origin: string, redirectTo: string): string {
  const url = new URL('/confirm', origin);
  if (redirectTo !== HOME_PATH) url.searchParams.set('redirectTo', redirectTo);
  return url.toString();
}

export async function signIn(supabase: TypedSupabaseClient, identifier: string, password: string, redirectTo: string) {
  const credentials = toCredentials(identifier, password);
  if (!credentials) return invalidForm(MISSING_CREDENTIALS_MESSAGE);
  const { data: result, error } = await supabase.auth.signInWithPassword(credentials);
  if (error?.status === 429) return data<AuthActionResult>({ formError: TOO_MANY_ATTEMPTS_MESSAGE }, 429);
  if (error?.code === 'invalid_credentials') {
    return invalidForm('email' in credentials ? WRONG_CREDENTIALS_MESSAGE : WRONG_PHONE_CREDENTIALS_MESSAGE);
  }
  if (error) return failure(error.message, error.status && error.status < 500 ? error.status : 400);
  if (needsSecondFactor(result.session.access_token, result.user)) throw redirect(secondFactorPathFor(redirectTo));
  throw redirect(redirectTo);
}

/** The code step: the session that passed its password proves the second factor and becomes fully signed in. */
export async function verifySecondFactor(
  supabase: TypedSupabaseClient,
  factorId: string,
  code: string,
  redirectTo: string,
) {
  const digits = normalizeCode(code);
  if (!digits) return invalidForm(CODE_FORMAT_MESSAGE);
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code: digits });
  if (error) return failure(describeFactorError(error), error.status && error.status < 500 ? error.status : 400);
  throw redirect(redirectTo);
}

type SignUpInput = { fullName: string; identifier: string; password: string; origin: string };

export async function signUp(supabase: TypedSupabaseClient, input: SignUpInput) {
  const credentials = toCredentials(input.identifier, input.password);
  if (!credentials) return invalidForm(MISSING_CREDENTIALS_MESSAGE);
  const options = { data: { full_name: input.fullName.trim() }, emailRedirectTo: confirmUrl(input.origin, HOME_PATH) };
  const { data: result, error } = await supabase.auth.signUp({ ...credentials, options });
  if (isAuthWeakPasswordError(error)) {
    return data<AuthActionResult>({ weakPassword: { message: error.message, reasons: error.reasons } }, 422);
  }
  if (error) return failure(error.message);
  if (result.session) throw redirect(HOME_PATH);
  const where = 'email' in credentials ? 'inbox' : 'phone';
  return success(
    `Check your ${where}: we sent a confirmation to ${input.identifier.trim()}. Open it to finish creating your account.`,
  );
}

export async function sendMagicLink(supabase: TypedSupabaseClient, email: string, origin: string, redirectTo: string) {
  if (!looksLikeEmail(email)) return invalidForm('Enter your e-mail address to receive a magic link.');
  const { error } = await supabase.auth.signInWithOtp({
    email: email.trim(),
    // A magic link signs in an existing account; new accounts go through sign-up with a password.
    options: { emailRedirectTo: confirmUrl(origin, redirectTo), shouldCreateUser: false },
  });
  if (error) return failure(error.message);
  return success(`Check your inbox: we sent a sign-in link to ${email.trim()}.`);
}

export async function sendPasswordReset(supabase: TypedSupabaseClient, email: string, origin: string) {
  if (!looksLikeEmail(email)) return invalidForm('Enter your e-mail address to receive a password reset link.');
  const { error } = await supabase.auth.resetPasswordForEmail(email.trim(), {
    redirectTo: confirmUrl(origin, HOME_PATH),
  });
  if (error) return failure(error.message);
  return success(`If an account uses ${email.trim()}, we sent it an e-mail with a link to choose a new password.`);
}
