// Saving and deleting allocations as the signed-in person; row level security decides, these explain refusals. A
// change is made from the version the form was opened with (`updated_at`): when someone else saved since, the answer
// carries their version and name instead of overwriting it, for the person to choose.
import { failed, invalid, succeeded, refused } from '../../lib/action-result';
import { formValues, toFieldErrors } from '../../lib/form-fields';
import { allocationInputSchema, toAllocationRow } from './allocation-schema';
import type { AllocationActionResult } from './allocation-conflict';
import { readConflict } from './allocation-conflict-read';
import type { TypedSupabaseClient } from '../../types/supabase';

const GONE = 'The allocation no longer exists, or you do not have permission to change it.';

/** The version a form was opened with, if it sent one. */
const versionOf = (form: FormData) => String(form.get('updated_at') ?? '').trim() || undefined;

/** Someone saved first: their version to choose from, or "gone" when it can no longer be read. */
async function savedFirst(supabase: TypedSupabaseClient, intent: string, id: string): Promise<AllocationActionResult> {
  const conflict = await readConflict(supabase, id);
  return conflict ? { ok: false, intent, conflict } : failed(intent, GONE);
}

/** Creates an allocation, or changes the one named by the form's `id` (from the version in `updated_at`). */
export async function saveAllocation(supabase: TypedSupabaseClient, form: FormData): Promise<AllocationActionResult> {
  const id = String(form.get('id') ?? '');
  const intent = id ? 'update-allocation' : 'create-allocation';
  const parsed = allocationInputSchema.safeParse(formValues(form));
  if (!parsed.success) return invalid(intent, toFieldErrors(parsed.error));
  const row = toAllocationRow(parsed.data);
  const version = versionOf(form);
  const query = id
    ? supabase
        .from('allocations')
        .update({ ...row, ...(version ? { updated_at: version } : {}) })
        .eq('id', id)
        .select('id')
    : supabase.from('allocations').insert(row).select('id');
  const { data, error } = await query;
  if (error?.code === 'PT409') return savedFirst(supabase, intent, id);
  if (error) return refused(intent, error, 'allocations');
  if (!data?.length) return failed(intent, GONE);
  return succeeded(intent, id ? 'The allocation was saved.' : 'The allocation was added.');
}

/** Deletes the allocation named by the form's `id`, only as it was at the version in `updated_at` when sent. */
export async function deleteAllocation(supabase: TypedSupabaseClient, form: FormData): Promise<AllocationActionResult> {
  const intent = 'delete-allocation';
  const id = String(form.get('id') ?? '');
  const version = versionOf(form);
  let request = supabase.from('allocations').delete().eq('id', id);
  if (version) request = request.eq('updated_at', version);
  const { data, error } = await request.select('id');
  if (error) return refused(intent, error, 'allocations');
  if (!data?.length) return version ? savedFirst(supabase, intent, id) : failed(intent, GONE);
  return succeeded(intent, 'The allocation was deleted.');
}
