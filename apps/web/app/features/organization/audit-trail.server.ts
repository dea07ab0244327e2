// One page of the audit trail, newest first, filtered as the URL asks, with the people and projects it names.
import { AUDIT_PAGE_SIZE, SYSTEM_ACTOR, type AuditFilters } from './audit-filters';
import { summarizeAudit, type AuditPage, type AuditRow } from './audit-summary';
import { endOfDayIn, startOfDayIn } from './org-time';
import { personName } from './organization-model';
import type { Json, Tables } from '../../types/database';
import type { TypedSupabaseClient } from '../../types/supabase';

const AUDIT_COLUMNS = 'id,occurred_at,actor_id,actor_email,table_name,record_id,action,before,after';

/** `names` holds the members' names; anyone else the page mentions is looked up. */
export async function loadAuditTrail(
  supabase: TypedSupabaseClient,
  filters: AuditFilters,
  names: Map<string, string>,
  timeZone: string,
): Promise<AuditPage> {
  let query = supabase.from('audit_log').select(AUDIT_COLUMNS, { count: 'exact' });
  if (filters.table) query = query.eq('table_name', filters.table);
  if (filters.actor === SYSTEM_ACTOR) query = query.is('actor_id', null);
  else if (filters.actor) query = query.eq('actor_id', filters.actor);
  if (filters.from) query = query.gte('occurred_at', startOfDayIn(filters.from, timeZone));
  if (filters.to) query = query.lt('occurred_at', endOfDayIn(filters.to, timeZone));
  const first = (filters.page - 1) * AUDIT_PAGE_SIZE;
  const { data, count, error } = await query
    .order('occurred_at', { ascending: false })
    .order('id', { ascending: false })
    .range(first, first + AUDIT_PAGE_SIZE - 1);
  // A page past the end (an old link after filtering) is an empty page, not a failure.
  if (error?.code === 'PGRST103') return { entries: [], total: 0 };
  if (error) throw new Error(`Could not load the audit trail: ${error.message}`);
  const rows = data.map(toAuditRow);
  const known = await withMentionedNames(supabase, rows, names);
  return { entries: rows.map((row) => summarizeAudit(row, known, timeZone)), total: count ?? data.length };
}

/** The names map plus former members' and projects' names the rows refer to (a deleted project has none). */
async function withMentionedNames(supabase: TypedSupabaseClient, rows: AuditRow[], names: Map<string, string>) {
  const people = new Set<string>();
  const projects = new Set<string>();
  for (const row of rows) {
    if (row.actor_id) people.add(row.actor_id);
    if (row.table_name === 'organization_users') people.add(row.record_id);
    for (const record of [row.before, row.after]) {
      if (typeof record?.user_id === 'string') people.add(record.user_id);
      if (typeof record?.project_id === 'string') projects.add(record.project_id);
    }
  }
  const unknownPeople = [...people].filter((id) => !names.has(id));
  const [profiles, projectRows] = await Promise.all([
    unknownPeople.length
      ? supabase.from('profiles').select('id,full_name,email').in('id', unknownPeople)
      : Promise.resolve({ data: [] }),
    projects.size
      ? supabase
          .from('projects')
          .select('id,name')
          .in('id', [...projects])
      : Promise.resolve({ data: [] }),
  ]);
  const known = new Map(names);
  for (const profile of profiles.data ?? []) known.set(profile.id, personName(profile));
  for (const project of projectRows.data ?? []) known.set(project.id, project.name);
  return known;
}

/** The trail keeps whole rows as JSON objects; anything else (never written by the trigger) reads as no record. */
function toAuditRow(row: Omit<AuditRow, 'before' | 'after'> & Pick<Tables<'audit_log'>, 'before' | 'after'>): AuditRow {
  return { ...row, before: asRecord(row.before), after: asRecord(row.after) };
}

function asRecord(value: Json | null): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : null;
}
