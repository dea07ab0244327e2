// Small SQL helpers shared by the auth models.
import type { Queryable } from '../../db/types.ts';

/** A timestamp column read as RFC 3339 in UTC, the form GoTrue's JSON uses. */
export const isoTimestamp = (column: string, alias = column) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ${alias}`;

/** Stands for the database's now() in a column update. */
export const NOW = Symbol('now');
export type ColumnValue = string | number | boolean | null | Record<string, unknown> | typeof NOW;

/**
 * Builds `"col" = $n::cast, ...` for the given changes; column names come from the caller's fixed list of casts,
 * never from a request.
 */
export function assignments(
  changes: Record<string, ColumnValue | undefined>,
  casts: Record<string, string>,
  firstParam: number,
): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const [column, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    const cast = casts[column];
    if (!cast) throw new Error(`column ${column} cannot be updated`);
    if (value === NOW) {
      parts.push(`"${column}" = now()`);
    } else {
      params.push(value);
      parts.push(`"${column}" = $${firstParam + params.length - 1}::${cast}`);
    }
  }
  return { sql: parts.join(', '), params };
}

export async function one<R>(q: Queryable, sql: string, params: unknown[]): Promise<R | undefined> {
  const { rows } = await q.query<R>(sql, params);
  return rows[0];
}
