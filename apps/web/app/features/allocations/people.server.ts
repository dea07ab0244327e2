// The people a planner can allocate: profiles of the organization's members, by name.
import type { Person } from './allocation-row';
import type { TypedSupabaseClient } from '../../types/supabase';

export async function loadPeople(supabase: TypedSupabaseClient): Promise<Person[]> {
  const [profiles, members] = await Promise.all([
    supabase.from('profiles').select('id,full_name,job_title').order('full_name').order('id'),
    supabase.from('organization_users').select('user_id'),
  ]);
  if (profiles.error) throw new Error(`Could not load people: ${profiles.error.message}`);
  if (members.error) throw new Error(`Could not load members: ${members.error.message}`);
  const memberIds = new Set(members.data.map((member) => member.user_id));
  return profiles.data.filter((person) => memberIds.has(person.id));
}

/** The organization's first day of the week (ISO weekday), Monday when not set or not readable. */
export async function loadWeekStart(supabase: TypedSupabaseClient): Promise<number> {
  const { data } = await supabase
    .from('organization')
    .select('week_start')
    .limit(1)
    .maybeSingle<{ week_start: number | null }>();
  return data?.week_start ?? 1;
}
