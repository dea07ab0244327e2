// Which columns of a table each role may SELECT, as Realtime checks them for every change (has_column_privilege): a
// subscriber is sent only those columns, and an error instead of the row when it may not select the primary key.
// Answers are kept a moment, so that a burst of changes costs one lookup, and a revoked grant counts within a second.
import { quoteIdent } from '../db/quote.ts';
import type { Db } from '../db/types.ts';

/** How long an answer is used. */
const FRESH_MS = 1000;

/** Selectable column names per role; a role the database does not know is absent. */
export type Selectable = Map<string, Set<string>>;

export class ColumnPrivileges {
  private readonly known = new Map<string, { at: number; columns: Set<string> | undefined }>();

  constructor(private readonly db: Db) {}

  async of(schema: string, table: string, roles: Iterable<string>): Promise<Selectable> {
    const now = Date.now();
    const selectable: Selectable = new Map();
    const missing: string[] = [];
    for (const role of new Set(roles)) {
      const hit = this.known.get(cacheKey(schema, table, role));
      if (hit && now - hit.at < FRESH_MS) {
        if (hit.columns) selectable.set(role, hit.columns);
      } else {
        missing.push(role);
      }
    }
    if (missing.length === 0) return selectable;
    const found = await this.db.query<{ role: string; columns: string[] }>(
      `select r.role,
         (select coalesce(jsonb_agg(a.attname), '[]'::jsonb) from pg_catalog.pg_attribute a
           where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
             and pg_catalog.has_column_privilege(r.role, a.attrelid, a.attnum, 'SELECT')) as columns
       from jsonb_array_elements_text($2::jsonb) as r(role)
       where exists (select 1 from pg_catalog.pg_roles where rolname = r.role)`,
      [`${quoteIdent(schema)}.${quoteIdent(table)}`, JSON.stringify(missing)],
    );
    const byRole = new Map(found.rows.map((row) => [row.role, new Set(row.columns)]));
    for (const role of missing) {
      const columns = byRole.get(role);
      this.known.set(cacheKey(schema, table, role), { at: now, columns });
      if (columns) selectable.set(role, columns);
    }
    return selectable;
  }
}

const cacheKey = (schema: string, table: string, role: string) => `${schema}\u0000${table}\u0000${role}`;
