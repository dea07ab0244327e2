// Saving the organization's settings as the signed-in user: the database decides who may, this says why not.
import { failed, invalid, succeeded, type ActionResult, refused } from '../../lib/action-result';
import { toFieldErrors } from '../../lib/form-fields';
import { readSettingsForm } from './organization-schemas';
import type { TypedSupabaseClient } from '../../types/supabase';

export async function saveSettings(supabase: TypedSupabaseClient, form: FormData): Promise<ActionResult> {
  const parsed = readSettingsForm(form);
  if (!parsed.success) return invalid('save-settings', toFieldErrors(parsed.error));
  const { id, ...settings } = parsed.data;
  const { data, error } = await supabase.from('organization').update(settings).eq('id', id).select('id');
  if (error) return refused('save-settings', error, 'the organization settings');
  // Row level security hides what the user may not change: nothing updated means not allowed.
  if (!data?.length) return failed('save-settings', 'You do not have permission to change the organization settings.');
  return succeeded('save-settings', 'The organization settings were saved.');
}
