// Saving the profile: one's own name, job title and time zone; work days and capacity (the database lets only user
// managers change those).
import { failed, invalid, succeeded, type ActionResult, refused } from '../../lib/action-result';
import { formValues, toFieldErrors } from '../../lib/form-fields';
import { readCapacity } from '../capacity/capacity-schema';
import { detailsSchema } from './profile-schema';
import { supportedTimeZones } from './profile.server';
import type { TypedSupabaseClient } from '../../types/supabase';

export async function saveDetails(
  supabase: TypedSupabaseClient,
  userId: string,
  form: FormData,
): Promise<ActionResult> {
  const parsed = detailsSchema(new Set(supportedTimeZones())).safeParse(formValues(form));
  if (!parsed.success) return invalid('save-details', toFieldErrors(parsed.error));
  const { full_name, job_title, time_zone } = parsed.data;
  const { data, error } = await supabase
    .from('profiles')
    .update({ full_name, job_title: job_title ?? null, time_zone: time_zone ?? null })
    .eq('id', userId)
    .select('id');
  if (error) return refused('save-details', error, 'this profile');
  if (!data?.length) return failed('save-details', 'Your profile could not be found. Reload the page and try again.');
  // The sidebar and greetings read the name from the account, so it follows the profile.
  const { error: accountError } = await supabase.auth.updateUser({ data: { full_name } });
  if (accountError) return failed('save-details', accountError.message);
  return succeeded('save-details', 'Your profile was saved.');
}

export async function saveCapacity(
  supabase: TypedSupabaseClient,
  userId: string,
  form: FormData,
): Promise<ActionResult> {
  const parsed = readCapacity(form);
  if (!parsed.success) return invalid('save-capacity', toFieldErrors(parsed.error));
  const { data, error } = await supabase.from('profiles').update(parsed.data).eq('id', userId).select('id');
  if (error) return refused('save-capacity', error, 'capacity');
  if (!data?.length) return failed('save-capacity', 'Your profile could not be found. Reload the page and try again.');
  return succeeded('save-capacity', 'Your work days and capacity were saved.');
}
