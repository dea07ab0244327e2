// Reads the stored version of an allocation after a change was refused because someone saved first, and the name of
// who did (the allocation's updated_by, set by the database). Runs in the browser (planner) and in route actions.
import type { TypedSupabaseClient } from '../../types/supabase';
import type { AllocationConflict } from './allocation-conflict';

const COLUMNS =
  'id, project_id, user_id, start_date, end_date, hours_per_day, tentative, role, note, updated_at, updated_by';

/** Their version and who made it; null when the allocation is gone (or no longer visible). */
export async function readConflict(supabase: TypedSupabaseClient, id: string): Promise<AllocationConflict | null> {
  const { data, error } = await supabase.from('allocations').select(COLUMNS).eq('id', id).maybeSingle();
  if (error || !data) return null;
  const { updated_by, ...theirs } = data;
  let by: string | null = null;
  if (updated_by) {
    const { data: person } = await supabase
      .from('profiles')
      .select('full_name, email')
      .eq('id', updated_by)
      .maybeSingle();
    by = person ? person.full_name.trim() || person.email : null;
  }
  return { theirs, by };
}
