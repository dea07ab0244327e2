// The one statement a request runs: the read or mutation in a CTE, and a single row with the total count, the
// page count, the body built by Postgres (json_agg, as PostgREST builds it), the Location keys and the response
// GUCs. Both database adapters return this row as text, so the body is byte-identical on each.
import type { ActionPlan, BodyFormat, MutateAction, ReadAction } from '../plan/types.ts';
import { bodySql } from './body.ts';
import { buildCallStatement } from './call.ts';
import { arrayLiteral, Params, type SqlStatement } from './fragments.ts';
import { mutateSql } from './mutate.ts';
import { countSql, readSql } from './read.ts';

const SOURCE = 'pgrst_source';

const RESPONSE_GUCS =
  "nullif(current_setting('response.headers', true), '') AS response_headers, " +
  "nullif(current_setting('response.status', true), '') AS response_status, " +
  "nullif(current_setting('pgrst.inserted', true), '') AS inserted";

function readStatement(plan: ReadAction, params: Params): string {
  const read = readSql(plan.read, params);
  const cap = plan.countCap === undefined ? '' : ` LIMIT ${params.add(String(plan.countCap + 1))}`;
  const count = plan.count ? `, pgrst_source_count AS (${countSql(plan.read, params)}${cap})` : '';
  const total = plan.count ? '(SELECT pg_catalog.count(*) FROM pgrst_source_count)::text' : 'null::text';
  return (
    `WITH ${SOURCE} AS (${read})${count} ` +
    `SELECT ${total} AS total_result_set, pg_catalog.count(_postgrest_t)::text AS page_total, ` +
    `${bodySql(plan.format)} AS body, null::text AS location, ${RESPONSE_GUCS} ` +
    `FROM (SELECT * FROM ${SOURCE}) _postgrest_t`
  );
}

/** The primary key of the one inserted row as `[[column, "eq.value"], ...]`, for the Location header. */
function locationSql(plan: MutateAction, params: Params): string {
  if (plan.mutation !== 'create' || plan.representation !== 'headers-only' || plan.primaryKey.length === 0) {
    return 'null::text';
  }
  return (
    `CASE WHEN pg_catalog.count(_postgrest_t) = 1 THEN (` +
    `WITH data AS (SELECT row_to_json(_) AS row FROM ${SOURCE} AS _ LIMIT 1) ` +
    `SELECT json_agg(json_build_array(json_data.key, coalesce('eq.' || json_data.value, 'is.null')))::text ` +
    `FROM data CROSS JOIN json_each_text(data.row) AS json_data WHERE json_data.key = ANY(${params.add(arrayLiteral(plan.primaryKey))})` +
    `) END`
  );
}

function mutateStatement(plan: MutateAction, params: Params): string {
  const mutation = mutateSql(plan.mutate, params);
  const rows = plan.representation === 'full' ? readSql(plan.read, params) : `SELECT * FROM ${SOURCE}`;
  return (
    `WITH ${SOURCE} AS (${mutation}) ` +
    `SELECT null::text AS total_result_set, pg_catalog.count(_postgrest_t)::text AS page_total, ` +
    `${bodySql(plan.format)} AS body, ${locationSql(plan, params)} AS location, ${RESPONSE_GUCS} ` +
    `FROM (${rows}) _postgrest_t`
  );
}

/** `EXPLAIN (FORMAT JSON, ANALYZE, ...)` of the statement that would answer the request. */
function explainStatement(plan: ActionPlan, format: Extract<BodyFormat, { kind: 'plan' }>): SqlStatement {
  const inner = buildStatement({ ...plan, format: format.of } as ActionPlan);
  const options = [`FORMAT ${format.format.toUpperCase()}`, ...format.options.map((option) => option.toUpperCase())];
  return { text: `EXPLAIN (${options.join(', ')}) ${inner.text}`, params: inner.params };
}

/** count=planned|estimated: EXPLAIN of the count query; its top node's `Plan Rows` is the estimate. */
export function plannedCountStatement(plan: ActionPlan): SqlStatement | undefined {
  if (plan.kind !== 'read' || plan.plannedCount === undefined) return undefined;
  const params = new Params();
  return { text: `EXPLAIN (FORMAT JSON) ${countSql(plan.read, params)}`, params: params.values };
}

export function buildStatement(plan: ActionPlan): SqlStatement {
  if (plan.format.kind === 'plan') return explainStatement(plan, plan.format);
  const params = new Params();
  if (plan.kind === 'read') return { text: readStatement(plan, params), params: params.values };
  if (plan.kind === 'mutate') return { text: mutateStatement(plan, params), params: params.values };
  return buildCallStatement(plan);
}
