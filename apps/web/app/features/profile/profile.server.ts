// Reading the profile page: the person's row, the organization's capacity defaults, and their sign-in settings.
import type { Factor } from '@supabase/supabase-js';
import type { OrganizationDefaults, ProfileRow } from './profile-schema';
import type { TypedSupabaseClient } from '../../types/supabase';

export type FactorSummary = { id: string; name: string; verified: boolean; createdAt: string };

export type Account = { email: string | null; pendingEmail: string | null; factors: FactorSummary[] };

const PROFILE_COLUMNS = 'full_name, job_title, time_zone, weekly_capacity_hours, work_days';

const EMPTY_PROFILE: ProfileRow = {
  full_name: '',
  job_title: null,
  time_zone: null,
  weekly_capacity_hours: null,
  work_days: null,
};

/** The time zones this server knows, the same list the form offers and the save accepts. */
export function supportedTimeZones(): string[] {
  return Intl.supportedValuesOf('timeZone');
}

export async function loadProfile(supabase: TypedSupabaseClient, userId: string): Promise<ProfileRow> {
  const { data, error } = await supabase.from('profiles').select(PROFILE_COLUMNS).eq('id', userId).maybeSingle();
  if (error) throw new Error(`Could not load the profile: ${error.message}`);
  return data ?? EMPTY_PROFILE;
}

/** Null for someone who may not read the organization (not a member): capacity then says "organization default". */
export async function loadOrganizationDefaults(supabase: TypedSupabaseClient): Promise<OrganizationDefaults | null> {
  const { data } = await supabase.from('organization').select('name, default_weekly_hours, work_days').maybeSingle();
  return data;
}

function summarize(factor: Factor): FactorSummary {
  return {
    id: factor.id,
    name: factor.friendly_name || 'Authenticator app',
    verified: factor.status === 'verified',
    createdAt: factor.created_at,
  };
}

/** The auth user as the auth service has it now: the address, a change waiting for confirmation, the factors. */
export async function loadAccount(supabase: TypedSupabaseClient): Promise<Account> {
  const { data, error } = await supabase.auth.getUser();
  if (error) throw new Error(`Could not load the account: ${error.message}`);
  const { user } = data;
  return {
    email: user.email ?? null,
    pendingEmail: user.new_email ?? null,
    factors: (user.factors ?? []).filter((factor) => factor.factor_type === 'totp').map(summarize),
  };
}
