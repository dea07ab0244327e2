// Inviting people: the invitation row is written as the signed-in user (row level security proves they manage
// users), and only then the auth admin API e-mails the link, resends it, or withdraws the unused account.
import { z } from 'zod';
import { failed, invalid, succeeded, type ActionResult } from '../../lib/action-result';
import { getAdminClient, MISSING_SERVICE_ROLE_KEY_MESSAGE } from './admin.server';
import { confirmUrl } from '../auth/auth-actions.server';
import { describeDataError, type DataError } from '../../lib/data-errors';
import { toFieldErrors } from '../../lib/form-fields';
import { HOME_PATH } from '../../lib/redirects';
import { readInvitationForm } from './organization-schemas';
import type { TypedSupabaseClient } from '../../types/supabase';

const NOT_PENDING = 'This invitation is no longer pending: it was accepted or revoked. Reload the page.';

function describeInvitationError(error: NonNullable<DataError>, email: string): string {
  if (/invitations_one_pending_per_address/.test(`${error.message} ${error.details ?? ''}`)) {
    return `${email} is already invited: resend the invitation instead.`;
  }
  // The database's own sentence, e.g. "<email> is already a member."
  if (error.code === '23505' && error.message?.endsWith('is already a member.')) return error.message;
  if (error.code === '23514') return 'Enter a valid e-mail address, like name@example.com.';
  return describeDataError(error, 'invitations');
}

/** `origin` is where the web app is reached; the e-mailed link leads back to its /confirm page. */
export async function invite(supabase: TypedSupabaseClient, form: FormData, origin: string): Promise<ActionResult> {
  const parsed = readInvitationForm(form);
  if (!parsed.success) return invalid('invite', toFieldErrors(parsed.error));
  const { email } = parsed.data;
  const { data: invitation, error } = await supabase
    .from('invitations')
    .insert(parsed.data)
    .select('id,accepted_at')
    .single();
  if (error) return failed('invite', describeInvitationError(error, email));
  if (invitation.accepted_at) {
    return succeeded(
      'invite',
      `${email} already has an account and is now a member with these permissions. No e-mail was needed.`,
    );
  }
  const admin = getAdminClient();
  const sent = admin
    ? await admin.auth.admin.inviteUserByEmail(email, { redirectTo: confirmUrl(origin, HOME_PATH) })
    : null;
  if (!sent || sent.error) {
    // Nothing half-done: without the e-mail, the invitation is withdrawn again.
    await supabase.from('invitations').delete().eq('id', invitation.id);
    return failed(
      'invite',
      sent ? `The invitation to ${email} could not be sent: ${sent.error!.message}` : MISSING_SERVICE_ROLE_KEY_MESSAGE,
    );
  }
  // The invited account, so that revoking can withdraw it; acceptance sets the same id.
  await supabase.from('invitations').update({ user_id: sent.data.user.id }).eq('id', invitation.id);
  return succeeded('invite', `Invitation sent to ${email}.`);
}

export async function resendInvitation(
  supabase: TypedSupabaseClient,
  form: FormData,
  origin: string,
): Promise<ActionResult> {
  const id = z.uuid().safeParse(form.get('id'));
  if (!id.success) return failed('resend-invitation', NOT_PENDING);
  // Reading it as the user is the permission check: only user managers see invitations.
  const { data: invitation, error } = await supabase
    .from('invitations')
    .select('id,email')
    .eq('id', id.data)
    .is('accepted_at', null)
    .maybeSingle();
  if (error) return failed('resend-invitation', describeDataError(error, 'invitations'));
  if (!invitation) return failed('resend-invitation', NOT_PENDING);
  const admin = getAdminClient();
  if (!admin) return failed('resend-invitation', MISSING_SERVICE_ROLE_KEY_MESSAGE);
  const sent = await admin.auth.admin.inviteUserByEmail(invitation.email, {
    redirectTo: confirmUrl(origin, HOME_PATH),
  });
  if (sent.error) return failed('resend-invitation', `The invitation could not be sent again: ${sent.error.message}`);
  await supabase
    .from('invitations')
    .update({ sent_at: new Date().toISOString(), user_id: sent.data.user.id })
    .eq('id', invitation.id);
  return succeeded('resend-invitation', `The invitation was sent again to ${invitation.email}.`);
}

export async function revokeInvitation(supabase: TypedSupabaseClient, form: FormData): Promise<ActionResult> {
  const id = z.uuid().safeParse(form.get('id'));
  if (!id.success) return failed('revoke-invitation', NOT_PENDING);
  const { data: invitation, error } = await supabase
    .from('invitations')
    .delete()
    .eq('id', id.data)
    .is('accepted_at', null)
    .select('email,user_id')
    .maybeSingle();
  if (error) return failed('revoke-invitation', describeDataError(error, 'invitations'));
  if (!invitation) return failed('revoke-invitation', NOT_PENDING);
  const revoked = `The invitation to ${invitation.email} was revoked.`;
  const problem = invitation.user_id ? await withdrawInvitedAccount(invitation.user_id) : null;
  if (problem)
    return { ok: true, intent: 'revoke-invitation', popup: { type: 'warning', message: `${revoked} ${problem}` } };
  return succeeded('revoke-invitation', revoked);
}

/**
 * Deletes the account the invitation created, so its e-mailed link stops working. Only an account that never
 * confirmed its address: anyone who ever signed in keeps theirs. Answers what went wrong, or null.
 */
async function withdrawInvitedAccount(userId: string): Promise<string | null> {
  const admin = getAdminClient();
  if (!admin) return 'Its e-mailed link still opens an account without access until SUPABASE_SERVICE_ROLE_KEY is set.';
  const { data, error } = await admin.auth.admin.getUserById(userId);
  if (error || !data.user) return null;
  if (data.user.email_confirmed_at || !data.user.invited_at) return null;
  const deleted = await admin.auth.admin.deleteUser(userId);
  return deleted.error ? `Its invited account could not be removed: ${deleted.error.message}` : null;
}
