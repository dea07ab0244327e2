// Two-factor authentication with an authenticator app: set one up (QR code and secret), confirm it with its first
// code, remove one. The auth service refuses removing a verified one from a session that has not passed it.
import { failed, invalid, succeeded } from '../../lib/action-result';
import { CODE_FORMAT_MESSAGE, describeFactorError, normalizeCode } from '../auth/factor-messages';
import type { ProfileActionResult } from './profile-action-result';
import { qrCodeImageSource } from './qr-code';
import type { TypedSupabaseClient } from '../../types/supabase';

const DEFAULT_NAME = 'Authenticator app';

/** A setup left unfinished would block a new one of the same name; it is dropped when starting over. */
async function removeUnfinishedSetups(supabase: TypedSupabaseClient): Promise<void> {
  const { data } = await supabase.auth.mfa.listFactors();
  const unfinished = (data?.all ?? []).filter((factor) => factor.status !== 'verified');
  for (const factor of unfinished) await supabase.auth.mfa.unenroll({ factorId: factor.id });
}

export async function startEnrollment(supabase: TypedSupabaseClient, form: FormData): Promise<ProfileActionResult> {
  const friendlyName = String(form.get('friendly_name') ?? '').trim() || DEFAULT_NAME;
  if (friendlyName.length > 60)
    return invalid('enroll', { friendly_name: 'The name may be at most 60 characters long.' });
  await removeUnfinishedSetups(supabase);
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName });
  if (error) return failed('enroll', describeFactorError(error));
  return {
    ok: true,
    intent: 'enroll',
    enrollment: { factorId: data.id, qrCode: qrCodeImageSource(data.totp.qr_code), secret: data.totp.secret },
  };
}

export async function confirmEnrollment(supabase: TypedSupabaseClient, form: FormData): Promise<ProfileActionResult> {
  const factorId = String(form.get('factor_id') ?? '');
  const code = normalizeCode(String(form.get('code') ?? ''));
  if (!code) return invalid('verify-factor', { code: CODE_FORMAT_MESSAGE });
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
  if (error) return failed('verify-factor', describeFactorError(error));
  return succeeded(
    'verify-factor',
    'Two-factor authentication is on. From now on, signing in also asks for a code from your authenticator app.',
  );
}

export async function removeFactor(supabase: TypedSupabaseClient, form: FormData): Promise<ProfileActionResult> {
  const { error } = await supabase.auth.mfa.unenroll({ factorId: String(form.get('id') ?? '') });
  if (error) return failed('remove-factor', describeFactorError(error));
  return succeeded('remove-factor', 'The authenticator was removed.');
}
