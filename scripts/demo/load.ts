// Loads a generated organization into a running backend through its public APIs with the service role: accounts
// through the auth admin API, everything else through the data API. Works against the embedded backend and
// against a real Supabase alike.
import type { SupabaseClient } from '@supabase/supabase-js';
import { createNodeClient } from '@teamplan/supabase-node';
import type { Organization } from './organization.ts';

const CHUNK = 500;

async function insertInChunks(client: SupabaseClient, table: string, rows: object[]) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const { error } = await client.from(table).insert(rows.slice(i, i + CHUNK));
    if (error) throw new Error(`loading ${table}: ${error.message}`);
  }
}

export function serviceClient(apiUrl: string, serviceRoleKey: string): SupabaseClient {
  return createNodeClient(apiUrl, serviceRoleKey);
}

/** Creates the organization's accounts and data; returns the e-mail addresses of its accounts by role. */
export async function loadOrganization(client: SupabaseClient, org: Organization, password: string) {
  const idOf = new Map<string, string>();
  for (const person of org.people) {
    const { data, error } = await client.auth.admin.createUser({
      email: person.email,
      password,
      email_confirm: true,
      user_metadata: { full_name: person.full_name },
    });
    if (error || !data.user) throw new Error(`creating ${person.email}: ${error?.message}`);
    idOf.set(person.id, data.user.id);
    const id = data.user.id;
    const profile = await client
      .from('profiles')
      .update({
        job_title: person.job_title,
        weekly_capacity_hours: person.weekly_capacity_hours,
        work_days: person.work_days,
      })
      .eq('id', id);
    if (profile.error) throw new Error(`profile of ${person.email}: ${profile.error.message}`);
    const membership = await client
      .from('organization_users')
      .update({
        can_manage_users: person.can_manage_users,
        can_manage_projects: person.can_manage_projects,
        can_manage_announcements: person.can_manage_announcements,
      })
      .eq('user_id', id);
    if (membership.error) throw new Error(`membership of ${person.email}: ${membership.error.message}`);
  }
  const person = (generatedId: string) => idOf.get(generatedId)!;
  await insertInChunks(client, 'projects', org.projects);
  await insertInChunks(
    client,
    'allocations',
    org.allocations.map((a) => ({ ...a, user_id: person(a.user_id) })),
  );
  await insertInChunks(
    client,
    'time_off',
    org.timeOff.map((t) => ({ ...t, user_id: person(t.user_id) })),
  );
  await insertInChunks(
    client,
    'announcements',
    org.announcements.map((a) => ({ ...a, created_by: person(a.created_by) })),
  );
}
