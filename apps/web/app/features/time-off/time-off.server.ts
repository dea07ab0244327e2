// Reading a person's time off: upcoming and current entries first, then the recent past.
import { addDays, todayIso } from '../../lib/dates';
import { TIME_OFF_COLUMNS } from './time-off-model';
import type { TypedSupabaseClient } from '../../types/supabase';

const PAST_DAYS_SHOWN = 365;

export async function loadTimeOffOf(supabase: TypedSupabaseClient, userId: string, today = todayIso()) {
  const { data, error } = await supabase
    .from('time_off')
    .select(TIME_OFF_COLUMNS)
    .eq('user_id', userId)
    .gte('end_date', addDays(today, -PAST_DAYS_SHOWN))
    .order('start_date');
  if (error) throw new Error(`Could not load time off: ${error.message}`);
  const upcoming = data.filter((entry) => entry.end_date >= today);
  const past = data.filter((entry) => entry.end_date < today).reverse();
  return { upcoming, past };
}
