// The execute stage, the pipeline's only IO: the statement runs in the request's scope (role, claims, method,
// path, headers, search path) and the statement go to the database together, one implicit transaction in one
// round trip; a request whose result decides commit or rollback (single object of a write, max-affected,
// tx=rollback) runs in an explicit transaction instead.
import type { Db } from '../db/types.ts';
import { DbError, type Statement } from '../db/types.ts';
import { SCOPE_SETTINGS, SCOPE_SQL, scopeParams, scopingSql, type RequestScope } from '../db/scope.ts';
import { maxAffectedViolation, noResult, putMatchingPkError, singularityError } from './errors.ts';
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
  /** count=planned|estimated: the EXPLAIN whose estimate gives the total. */
  plannedCount?: SqlStatement;
  /** count=estimated: the exact count is used up to this many rows. */
  countCap?: number;
  /** The statement is an EXPLAIN: its rows are the plan, in this format. */
  explain?: 'json' | 'text';
  /** PUT: exactly one row must match the URL's primary key, else PGRST115. */
  put?: boolean;
  /** The statement may write (a mutation, or a function called by POST): a failed check must undo it. */
  writes?: boolean;
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

/** The scoping statement, with the request's own settings appended so they cost no extra statement. */
function scopeStatement(scope: RequestScope, options: ExecuteOptions): Statement {
  const params = scopeParams(scope);
  if (!options.readOnly && !options.timezone) return { text: SCOPE_SQL, params };
  const settings = [...SCOPE_SETTINGS];
  if (options.readOnly) settings.push("set_config('transaction_read_only', 'on', true)");
  if (options.timezone) {
    params.push(options.timezone);
    settings.push(`set_config('timezone', $${params.length}, true)`);
  }
  return { text: scopingSql(settings), params };
}

/** Whether the result must be seen before the transaction may commit. */
function needsDecision(options: ExecuteOptions): boolean {
  return options.rollback || options.maxAffected !== undefined || (options.singular && options.writes === true);
}

function toPlanResult(rows: Record<string, unknown>[], format: 'json' | 'text'): ResultSet {
  const lines = rows.map((row) => row['QUERY PLAN']);
  const body = format === 'json' ? JSON.stringify(lines[0]) : lines.join('\n');
  return {
    total: null,
    pageTotal: 0,
    body,
    location: null,
    responseHeaders: null,
    responseStatus: null,
    inserted: null,
  };
}

function toResult(rows: Record<string, unknown>[], options: ExecuteOptions): ResultSet {
  if (options.explain) return toPlanResult(rows, options.explain);
  // The statement always answers one row; without it the database failed in a way it did not report.
  if (rows.length !== 1) throw noResult();
  return toResultSet(rows[0] as unknown as ResultRow);
}

function check(result: ResultSet, options: ExecuteOptions): void {
  if (options.explain) return;
  if (options.put && result.pageTotal !== 1) throw putMatchingPkError();
  if (options.singular && result.pageTotal !== 1) throw singularityError(result.pageTotal);
  if (options.maxAffected !== undefined && result.pageTotal > options.maxAffected)
    throw maxAffectedViolation(result.pageTotal);
}

/** The estimate of an EXPLAIN (FORMAT JSON) of the count query, combined with the exact count as asked. */
function withPlannedTotal(result: ResultSet, rows: Record<string, unknown>[], options: ExecuteOptions): ResultSet {
  const explained = rows[0]?.['QUERY PLAN'] as [{ Plan?: { 'Plan Rows'?: number } }] | undefined;
  const planned = explained?.[0]?.Plan?.['Plan Rows'] ?? null;
  const exactSuffices = options.countCap !== undefined && result.total !== null && result.total <= options.countCap;
  return { ...result, total: exactSuffices ? result.total : planned };
}

/** The result of the statements' last, with the planned total of the estimate when one ran before it. */
function finish(results: { rows: Record<string, unknown>[] }[], options: ExecuteOptions): ResultSet {
  const expected = options.plannedCount ? 3 : 2;
  if (results.length !== expected) throw noResult();
  const main = toResult(results[results.length - 1].rows, options);
  return options.plannedCount ? withPlannedTotal(main, results[1].rows, options) : main;
}

export async function execute(
  db: Db,
  scope: RequestScope,
  statement: SqlStatement,
  options: ExecuteOptions,
): Promise<ResultSet> {
  const scoping = scopeStatement(scope, options);
  const estimate = options.plannedCount;
  const statements = estimate ? [scoping, estimate, statement] : [scoping, statement];
  try {
    if (!needsDecision(options)) {
      // One round trip: the scope and the statements in one implicit transaction.
      const result = finish(await db.batch(statements), options);
      check(result, options);
      return result;
    }
    return await db.transaction(async (tx) => {
      const results = [];
      for (const step of statements) results.push(await tx.query(step.text, step.params));
      const result = finish(results, options);
      check(result, options);
      if (options.rollback) throw new Rollback(result);
      return result;
    });
  } catch (error) {
    if (error instanceof Rollback) return error.result;
    if (error instanceof DbError) throw fromDbError(error, options.authenticated);
    throw error;
  }
}
