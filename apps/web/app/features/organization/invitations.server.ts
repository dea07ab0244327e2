// Inviting people: the `invite-member` edge function sends, resends and revokes invitations for the signed-in user. It
// writes or reads the invitation as that user first (row level security proves they manage users) and only then uses
// the auth admin API, whose service role key stays inside the function: the web server never holds it.
import { FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
import { z } from 'zod';
import { failed, invalid, succeeded, type ActionResult } from '../../lib/action-result';
import { confirmUrl } from '../auth/auth-actions.server';
import { describeDataError, type DataError } from '../../lib/data-errors';
import { toFieldErrors } from '../../lib/form-fields';
import { HOME_PATH } from '../../lib/redirects';
import { readInvitationForm } from './organization-schemas';
import type { TypedSupabaseClient } from '../../types/supabase';

const NOT_PENDING = 'This invitation is no longer pending: it was accepted or revoked. Reload the page.';
export const FUNCTION_MISSING_MESSAGE =
  'Invitations cannot be sent: the invite-member function is not deployed on this Supabase project. Ask the administrator of this installation to deploy it (supabase functions deploy invite-member).';

function describeInvitationError(error: NonNullable<DataError>, email: string): string {
  if (/invitations_one_pending_per_address/.test(`${error.message} ${error.details ?? ''}`)) {
    return `${email} is already invited: resend the invitation instead.`;
  }
  // The database's own sentence, e.g. "<email> is already a member."
  if (error.code === '23505' && error.message?.endsWith('is already a member.')) return error.message;
  if (error.code === '23514') return 'Enter a valid e-mail address, like name@example.com.';
  return describeDataError(error, 'invitations');
}

type InvitationAction =
  | ({ action: 'invite'; email: string; redirect_to: string } & Record<string, unknown>)
  | { action: 'resend'; id: string; redirect_to: string }
  | { action: 'revoke'; id: string };

interface InvitationAnswer {
  outcome: 'joined' | 'sent' | 'resent' | 'revoked';
  email: string;
  warning?: string;
}

/** The function's refusal: its code, its words, and the database's error when the database refused the caller. */
interface InvitationRefusal {
  code: string;
  message: string;
  database?: NonNullable<DataError>;
}

type Outcome = { answer: InvitationAnswer } | { refusal: InvitationRefusal } | { unavailable: string };

async function callInviteMember(supabase: TypedSupabaseClient, body: InvitationAction): Promise<Outcome> {
  const { data, error } = await supabase.functions.invoke<InvitationAnswer>('invite-member', { body });
  if (!error) return { answer: data! };
  if (error instanceof FunctionsHttpError) {
    const refusal = (await (error.context as Response).json().catch(() => null)) as InvitationRefusal | null;
    if (refusal?.code) return { refusal };
  }
  if (error instanceof FunctionsRelayError && (error.context as Response).status === 404) {
    return { unavailable: FUNCTION_MISSING_MESSAGE };
  }
  return { unavailable: 'Invitations cannot be sent right now. Try again in a moment.' };
}

/** What to tell the user about a refusal: the database's reason in our words, else the function's own. */
function describeRefusal(refusal: InvitationRefusal, email: string, sending: string): string {
  if (refusal.database) return describeInvitationError(refusal.database, email);
  if (refusal.code === 'not_pending') return NOT_PENDING;
  if (refusal.code === 'email_not_sent') return `${sending}: ${refusal.message}`;
  return refusal.message;
}

/** `origin` is where the web app is reached; the e-mailed link leads back to its /confirm page. */
export async function invite(supabase: TypedSupabaseClient, form: FormData, origin: string): Promise<ActionResult> {
  const parsed = readInvitationForm(form);
  if (!parsed.success) return invalid('invite', toFieldErrors(parsed.error));
  const { email } = parsed.data;
  const outcome = await callInviteMember(supabase, {
    action: 'invite',
    ...parsed.data,
    redirect_to: confirmUrl(origin, HOME_PATH),
  });
  if ('unavailable' in outcome) return failed('invite', outcome.unavailable);
  if ('refusal' in outcome) {
    return failed('invite', describeRefusal(outcome.refusal, email, `The invitation to ${email} could not be sent`));
  }
  if (outcome.answer.outcome === 'joined') {
    return succeeded(
      'invite',
      `${email} already has an account and is now a member with these permissions. No e-mail was needed.`,
    );
  }
  return succeeded('invite', `Invitation sent to ${email}.`);
}

export async function resendInvitation(
  supabase: TypedSupabaseClient,
  form: FormData,
  origin: string,
): Promise<ActionResult> {
  const id = z.uuid().safeParse(form.get('id'));
  if (!id.success) return failed('resend-invitation', NOT_PENDING);
  const outcome = await callInviteMember(supabase, {
    action: 'resend',
    id: id.data,
    redirect_to: confirmUrl(origin, HOME_PATH),
  });
  if ('unavailable' in outcome) return failed('resend-invitation', outcome.unavailable);
  if ('refusal' in outcome) {
    return failed('resend-invitation', describeRefusal(outcome.refusal, '', 'The invitation could not be sent again'));
  }
  return succeeded('resend-invitation', `The invitation was sent again to ${outcome.answer.email}.`);
}

export async function revokeInvitation(supabase: TypedSupabaseClient, form: FormData): Promise<ActionResult> {
  const id = z.uuid().safeParse(form.get('id'));
  if (!id.success) return failed('revoke-invitation', NOT_PENDING);
  const outcome = await callInviteMember(supabase, { action: 'revoke', id: id.data });
  if ('unavailable' in outcome) return failed('revoke-invitation', outcome.unavailable);
  if ('refusal' in outcome) return failed('revoke-invitation', describeRefusal(outcome.refusal, '', ''));
  const revoked = `The invitation to ${outcome.answer.email} was revoked.`;
  if (outcome.answer.warning) {
    return {
      ok: true,
      intent: 'revoke-invitation',
      popup: { type: 'warning', message: `${revoked} ${outcome.answer.warning}` },
    };
  }
  return succeeded('revoke-invitation', revoked);
}
