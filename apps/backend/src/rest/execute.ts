// The execute stage, the pipeline's only IO: the statement runs in the request's scope (role, claims, method,
// path, headers, search path), inside one transaction that a failed single-object check or tx=rollback undoes.
import type { Db } from '../db/types.ts';
import { DbError } from '../db/types.ts';
import { withScope, type RequestScope } from '../db/scope.ts';
import { maxAffectedViolation, singularityError } from './errors.ts';
import { fromDbError } from './pg-errors.ts';
import type { SqlStatement } from './sql/fragments.ts';

export interface ResultSet {
  /** Rows matching the filters before limit/offset, when a count was asked for. */
  total: number | null;
  /** Rows in the body (or affected by a mutation). */
  pageTotal: number;
  body: string;
  /** `[column, "eq.value"]` pairs of an inserted row's primary key. */
  location: [string, string][] | null;
  responseHeaders: string | null;
  responseStatus: string | null;
  /** Rows an upsert inserted rather than merged, when it counted them. */
  inserted: number | null;
}

interface ResultRow {
  total_result_set: string | null;
  page_total: string;
  body: string | null;
  location: string | null;
  response_headers: string | null;
  response_status: string | null;
  inserted: string | null;
}

export interface ExecuteOptions {
  /** The body must be exactly one row (`application/vnd.pgrst.object+json`); otherwise undo and answer PGRST116. */
  singular: boolean;
  /** `Prefer: tx=rollback`: answer as if committed, then undo. */
  rollback: boolean;
  /** Decides 401 versus 403 for a missing privilege. */
  authenticated: boolean;
  /** A function called by GET may not write: its transaction is read-only, as PostgREST runs it. */
  readOnly?: boolean;
  /** `Prefer: timezone=`: how timestamps are written for this request. */
  timezone?: string;
  /** `Prefer: handling=strict, max-affected=n`: undo a mutation that touched more rows. */
  maxAffected?: number;
}

class Rollback {
  constructor(readonly result: ResultSet) {}
}

function toResultSet(row: ResultRow): ResultSet {
  return {
    total: row.total_result_set === null ? null : Number(row.total_result_set),
    pageTotal: Number(row.page_total),
    body: row.body ?? '',
    location: row.location === null ? null : (JSON.parse(row.location) as [string, string][]),
    responseHeaders: row.response_headers,
    responseStatus: row.response_status,
    inserted: row.inserted === null ? null : Number(row.inserted),
  };
}

export async function execute(
  db: Db,
  scope: RequestScope,
  statement: SqlStatement,
  options: ExecuteOptions,
): Promise<ResultSet> {
  try {
    return await withScope(db, scope, async (tx) => {
      if (options.readOnly) await tx.query('set transaction read only');
      if (options.timezone) await tx.query("select set_config('timezone', $1, true)", [options.timezone]);
      const { rows } = await tx.query<ResultRow>(statement.text, statement.params);
      const result = toResultSet(rows[0]);
      if (options.singular && result.pageTotal !== 1) throw singularityError(result.pageTotal);
      if (options.maxAffected !== undefined && result.pageTotal > options.maxAffected)
        throw maxAffectedViolation(result.pageTotal);
      if (options.rollback) throw new Rollback(result);
      return result;
    });
  } catch (error) {
    if (error instanceof Rollback) return error.result;
    if (error instanceof DbError) throw fromDbError(error, options.authenticated);
    throw error;
  }
}
