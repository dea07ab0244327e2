// Changing how one signs in: the e-mail address (confirmed through a link) and the password (with an e-mailed code
// when the auth service asks to reauthenticate).
import { isAuthWeakPasswordError } from '@supabase/supabase-js';
import { failed, invalid, succeeded } from '../../lib/action-result';
import { confirmUrl } from '../auth/auth-actions.server';
import { looksLikeEmail } from '../auth/credentials';
import type { ProfileActionResult } from './profile-action-result';
import type { TypedSupabaseClient } from '../../types/supabase';

const PROFILE_PATH = '/profile';

export async function changeEmail(
  supabase: TypedSupabaseClient,
  form: FormData,
  current: string | null,
  origin: string,
): Promise<ProfileActionResult> {
  const email = String(form.get('email') ?? '').trim();
  if (!looksLikeEmail(email)) return invalid('change-email', { email: 'Enter a valid e-mail address.' });
  if (email.toLowerCase() === current?.toLowerCase()) {
    return invalid('change-email', { email: 'This is already your e-mail address.' });
  }
  const { error } = await supabase.auth.updateUser({ email }, { emailRedirectTo: confirmUrl(origin, PROFILE_PATH) });
  if (error) return failed('change-email', error.message);
  const also = current ? ` If a message also arrives at ${current}, open its link too.` : '';
  return succeeded(
    'change-email',
    `Check the inbox of ${email}: open the link we sent there to confirm your new address.${also} Until then you sign in with your current address.`,
    { stay: true },
  );
}

/** The reauthentication code as typed, without spaces; empty when none was asked for. */
function nonceOf(form: FormData): string {
  return String(form.get('nonce') ?? '').replace(/\s/g, '');
}

export async function changePassword(
  supabase: TypedSupabaseClient,
  form: FormData,
  email: string | null,
): Promise<ProfileActionResult> {
  const password = String(form.get('password') ?? '');
  const nonce = nonceOf(form);
  if (password === '') return invalid('change-password', { password: 'Enter a new password.' });
  const { error } = await supabase.auth.updateUser(nonce ? { password, nonce } : { password });
  if (isAuthWeakPasswordError(error)) {
    return {
      ...failed('change-password', 'Choose a stronger password: the reasons are listed under the field.'),
      weakPassword: { message: error.message, reasons: error.reasons },
      codeSent: nonce !== '',
    };
  }
  if (error?.code === 'reauthentication_needed') return sendReauthenticationCode(supabase, email);
  if (error?.code === 'reauthentication_not_valid') {
    return {
      ...invalid('change-password', { nonce: 'This code is not valid or has expired.' }),
      popup: { type: 'error', message: 'The code is not valid or has expired. Ask for a new one and try again.' },
      codeSent: true,
    };
  }
  if (error) return { ...failed('change-password', error.message), codeSent: nonce !== '' };
  return succeeded('change-password', 'Your password was changed. Other devices have to sign in again with it.');
}

/** The auth service wants proof of a recent sign-in: it e-mails a code that authorises this one change. */
export async function sendReauthenticationCode(
  supabase: TypedSupabaseClient,
  email: string | null,
): Promise<ProfileActionResult> {
  const { error } = await supabase.auth.reauthenticate();
  if (error) return failed('change-password', error.message);
  return {
    ok: false,
    intent: 'change-password',
    codeSent: true,
    popup: {
      type: 'info',
      message: `To confirm it is you, we e-mailed a code to ${email ?? 'your address'}. Enter it below and save the password again.`,
    },
  };
}
