// The organization page's forms, by intent: each runs as the signed-in user and answers with an ActionResult.
import { failed, type ActionResult } from '../../lib/action-result';
import { invite, resendInvitation, revokeInvitation } from './invitations.server';
import { removeMember, saveCapacity, setPermission } from './member-actions.server';
import { saveSettings } from './settings-actions.server';
import type { TypedSupabaseClient } from '../../types/supabase';

export async function runOrganizationAction(supabase: TypedSupabaseClient, request: Request): Promise<ActionResult> {
  const form = await request.formData();
  const origin = new URL(request.url).origin;
  switch (form.get('intent')) {
    case 'save-settings':
      return saveSettings(supabase, form);
    case 'set-permission':
      return setPermission(supabase, form);
    case 'save-capacity':
      return saveCapacity(supabase, form);
    case 'remove-member':
      return removeMember(supabase, form);
    case 'invite':
      return invite(supabase, form, origin);
    case 'resend-invitation':
      return resendInvitation(supabase, form, origin);
    case 'revoke-invitation':
      return revokeInvitation(supabase, form);
    default:
      return failed('unknown', 'This form is not known here.');
  }
}
