// Recording and removing time off as the signed-in person: their own, or anyone's for planners (the database decides).
import { failed, invalid, succeeded, type ActionResult, refused } from '../../lib/action-result';
import { formatRange } from '../../lib/dates';
import { formValues, toFieldErrors } from '../../lib/form-fields';
import { KIND_LABELS } from './time-off-model';
import { timeOffInputSchema } from './time-off-schema';
import type { TypedSupabaseClient } from '../../types/supabase';

export async function addTimeOff(supabase: TypedSupabaseClient, form: FormData): Promise<ActionResult> {
  const parsed = timeOffInputSchema.safeParse(formValues(form));
  if (!parsed.success) return invalid('add-time-off', toFieldErrors(parsed.error));
  const entry = parsed.data;
  const { error } = await supabase.from('time_off').insert({
    user_id: entry.user_id,
    kind: entry.kind,
    start_date: entry.start_date,
    end_date: entry.end_date,
    hours: entry.hours ?? null,
    note: entry.note ?? null,
  });
  if (error) return refused('add-time-off', error, "this person's time off");
  return succeeded(
    'add-time-off',
    `${KIND_LABELS[entry.kind]} ${formatRange(entry.start_date, entry.end_date)}${entry.hours ? ` (${entry.hours} hours a day)` : ''} was recorded.`,
  );
}

export async function deleteTimeOff(supabase: TypedSupabaseClient, id: string): Promise<ActionResult> {
  const { data, error } = await supabase.from('time_off').delete().eq('id', id).select('id');
  if (error) return refused('delete-time-off', error, "this person's time off");
  if (!data?.length) return failed('delete-time-off', 'This time off no longer exists, or you may not remove it.');
  return succeeded('delete-time-off', 'The time off was removed.');
}
