// The one statement a request runs: the read or mutation in a CTE, and a single row with the total count, the
// page count, the body built by Postgres (json_agg, as PostgREST builds it), the Location keys and the response
// GUCs. Both database adapters return this row as text, so the body is byte-identical on each.
import type { ActionPlan, MutateAction, ReadAction } from '../plan/types.ts';
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
  const count = plan.count ? `, pgrst_source_count AS (${countSql(plan.read, params)})` : '';
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

export function buildStatement(plan: ActionPlan): SqlStatement {
  const params = new Params();
  if (plan.kind === 'read') return { text: readStatement(plan, params), params: params.values };
  if (plan.kind === 'mutate') return { text: mutateStatement(plan, params), params: params.values };
  return buildCallStatement(plan);
}
