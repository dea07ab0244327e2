// Whom a signed-in person without a membership should ask for access: the organization's user managers.
import type { TypedSupabaseClient } from '../types/supabase';
import { NOT_A_MEMBER, type NoAccessDetails } from './no-access';

export const NOT_A_MEMBER_STATUS_TEXT = 'No access yet';

/** Through public.access_contacts(), which any signed-in person may call. A failure leaves the list empty. */
export async function loadAccessContacts(supabase: TypedSupabaseClient): Promise<NoAccessDetails> {
  const { data, error } = await supabase.rpc('access_contacts');
  if (error) console.error('Could not load the access contacts:', error.message);
  const rows = (data ?? []) as Array<{
    organization_name: string | null;
    full_name: string | null;
    email: string | null;
  }>;
  return {
    reason: NOT_A_MEMBER,
    organizationName: rows[0]?.organization_name ?? null,
    contacts: rows.map((row) => ({ name: row.full_name?.trim() || null, email: row.email })),
  };
}
