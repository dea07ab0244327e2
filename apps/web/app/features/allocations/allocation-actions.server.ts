// Saving and deleting allocations as the signed-in person; row level security decides, these explain refusals.
import { failed, invalid, succeeded, type ActionResult, refused } from '../../lib/action-result';
import { formValues, toFieldErrors } from '../../lib/form-fields';
import { allocationInputSchema, toAllocationRow } from './allocation-schema';
import type { TypedSupabaseClient } from '../../types/supabase';

const GONE = 'The allocation no longer exists, or you do not have permission to change it.';

/** Creates an allocation, or changes the one named by the form's `id`. */
export async function saveAllocation(supabase: TypedSupabaseClient, form: FormData): Promise<ActionResult> {
  const id = String(form.get('id') ?? '');
  const intent = id ? 'update-allocation' : 'create-allocation';
  const parsed = allocationInputSchema.safeParse(formValues(form));
  if (!parsed.success) return invalid(intent, toFieldErrors(parsed.error));
  const row = toAllocationRow(parsed.data);
  const query = id
    ? supabase.from('allocations').update(row).eq('id', id).select('id')
    : supabase.from('allocations').insert(row).select('id');
  const { data, error } = await query;
  if (error) return refused(intent, error, 'allocations');
  if (!data?.length) return failed(intent, GONE);
  return succeeded(intent, id ? 'The allocation was saved.' : 'The allocation was added.');
}

export async function deleteAllocation(supabase: TypedSupabaseClient, id: string): Promise<ActionResult> {
  const { data, error } = await supabase.from('allocations').delete().eq('id', id).select('id');
  if (error) return refused('delete-allocation', error, 'allocations');
  if (!data?.length) return failed('delete-allocation', GONE);
  return succeeded('delete-allocation', 'The allocation was deleted.');
}
