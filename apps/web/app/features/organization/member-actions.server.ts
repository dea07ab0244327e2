// Changing members as the signed-in user: a permission, a person's capacity, or their membership. The database
// decides who may (and keeps one user manager); its refusal is passed on in words.
import { z } from 'zod';
import { failed, invalid, succeeded, type ActionResult, refused } from '../../lib/action-result';
import { toFieldErrors } from '../../lib/form-fields';
import { PERMISSIONS, personName } from './organization-model';
import { readCapacityForm } from './organization-schemas';
import type { TablesUpdate } from '../../types/database';
import type { TypedSupabaseClient } from '../../types/supabase';

const GONE = 'This person is no longer a member, or you do not have permission to change them. Reload the page.';

const permissionChange = z.object({
  user_id: z.uuid(),
  permission: z.enum(['can_manage_users', 'can_manage_projects', 'can_manage_announcements']),
  value: z.enum(['true', 'false']).transform((value) => value === 'true'),
});

async function nameOf(supabase: TypedSupabaseClient, userId: string): Promise<string> {
  const { data } = await supabase.from('profiles').select('full_name,email').eq('id', userId).maybeSingle();
  return data ? personName(data) : 'The member';
}

export async function setPermission(supabase: TypedSupabaseClient, form: FormData): Promise<ActionResult> {
  const parsed = permissionChange.safeParse(Object.fromEntries(form));
  if (!parsed.success) return failed('set-permission', 'This change could not be read. Reload the page and try again.');
  const { user_id, permission, value } = parsed.data;
  const change: TablesUpdate<'organization_users'> = {};
  change[permission] = value;
  const { data, error } = await supabase
    .from('organization_users')
    .update(change)
    .eq('user_id', user_id)
    .select('user_id');
  if (error) return refused('set-permission', error, 'permissions');
  if (!data?.length) return failed('set-permission', GONE);
  const label = PERMISSIONS.find((entry) => entry.name === permission)!.label;
  const name = await nameOf(supabase, user_id);
  const sentence = value ? `${name} ${label} now.` : `${name} ${label.replace(/^can /, 'can no longer ')}.`;
  return succeeded('set-permission', sentence);
}

export async function saveCapacity(supabase: TypedSupabaseClient, form: FormData): Promise<ActionResult> {
  const parsed = readCapacityForm(form);
  if (!parsed.success) return invalid('save-capacity', toFieldErrors(parsed.error));
  const { user_id, ...capacity } = parsed.data;
  const { data, error } = await supabase.from('profiles').update(capacity).eq('id', user_id).select('full_name,email');
  if (error) return refused('save-capacity', error, 'capacity');
  if (!data?.length) return failed('save-capacity', GONE);
  return succeeded('save-capacity', `The capacity of ${personName(data[0])} was saved.`);
}

export async function removeMember(supabase: TypedSupabaseClient, form: FormData): Promise<ActionResult> {
  const userId = z.uuid().safeParse(form.get('user_id'));
  if (!userId.success) return failed('remove-member', 'This person could not be identified. Reload the page.');
  const name = await nameOf(supabase, userId.data);
  const { data, error } = await supabase
    .from('organization_users')
    .delete()
    .eq('user_id', userId.data)
    .select('user_id');
  if (error) return refused('remove-member', error, 'members');
  if (!data?.length) return failed('remove-member', GONE);
  return succeeded('remove-member', `${name} was removed from the organization. Their account stays, without access.`);
}
