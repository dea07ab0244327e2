// Function calls as SQL: named arguments read from one JSON parameter with the function's parameter types (so
// omitted ones take their defaults), the call in a CTE, and the read plan (or the scalar) over its result. The
// function runs once per request, and a single value is sent as the function built it.
import type { CallAction } from '../plan/types.ts';
import { ident, Params, qualified, type SqlStatement } from './fragments.ts';
import { countSql, readSql } from './read.ts';
import { bodySql } from './body.ts';

const SOURCE = 'pgrst_source';

function callSql(plan: CallAction, params: Params): string {
  const { routine, args } = plan;
  const fn = qualified({ schema: routine.schema, name: routine.name });
  const scalar = routine.returns.kind !== 'composite';
  // OFFSET 0 keeps Postgres from pulling the call up into the outer query, where each use of its result (the row
  // count, the body) would call a stable function again.
  const call = (argumentList: string) =>
    scalar ? `(SELECT ${fn}(${argumentList}) pgrst_scalar OFFSET 0) pgrst_call` : `${fn}(${argumentList}) pgrst_call`;
  const columns = scalar ? 'pgrst_call.pgrst_scalar' : 'pgrst_call.*';

  if (args.kind === 'single') {
    return `SELECT ${columns} FROM ${call(`${params.add(args.value)}::${args.type}`)}`;
  }
  const given = routine.params.filter((param) => args.names.includes(param.name));
  if (given.length === 0) return `SELECT ${columns} FROM ${call('')}`;
  const definitions = given.map((param) => `${ident(param.name)} ${param.type}`).join(', ');
  const body = args.json.trimStart().startsWith('[')
    ? `json_to_recordset(pgrst_payload.json_data) AS _(${definitions}) LIMIT 1`
    : `json_to_record(pgrst_payload.json_data) AS _(${definitions})`;
  const named = given
    .map((param) => `${param.variadic ? 'VARIADIC ' : ''}${ident(param.name)} := pgrst_body.${ident(param.name)}`)
    .join(', ');
  return (
    `SELECT ${columns} FROM (SELECT ${params.add(args.json)}::json AS json_data) pgrst_payload, ` +
    `LATERAL (SELECT ${given.map((param) => ident(param.name)).join(', ')} FROM ${body}) pgrst_body, LATERAL ${call(named)}`
  );
}

/** A scalar comes back as a JSON value (or an array of them); a single composite as an object. */
function callBodySql(plan: CallAction): string {
  const { returns } = plan.routine;
  const format = plan.format;
  if (format.kind === 'none' || format.kind === 'csv') return bodySql(format);
  const rows = returns.kind === 'composite' ? '_postgrest_t' : '_postgrest_t.pgrst_scalar';
  const stripNulls = format.kind === 'array-stripped' || (format.kind === 'object' && format.stripNulls);
  if (format.kind === 'object' || !returns.set) {
    // The one value as it is: gathered into an array and taken out again, a large JSON document would be parsed.
    const value = stripNulls ? `json_strip_nulls(to_json(${rows}))` : `to_json(${rows})`;
    return `coalesce((pg_catalog.array_agg(${value}))[1]::text, 'null')`;
  }
  return `coalesce(${stripNulls ? `json_strip_nulls(json_agg(${rows}))` : `json_agg(${rows})`}, '[]')::text`;
}

export function buildCallStatement(plan: CallAction): SqlStatement {
  const params = new Params();
  const call = callSql(plan, params);
  const composite = plan.routine.returns.kind === 'composite';
  const rows = composite ? readSql(plan.read, params) : `SELECT ${ident(SOURCE)}.pgrst_scalar FROM ${ident(SOURCE)}`;
  const count = plan.count && composite ? `, pgrst_source_count AS (${countSql(plan.read, params)})` : '';
  const total = !plan.count
    ? 'null::text'
    : composite
      ? '(SELECT pg_catalog.count(*) FROM pgrst_source_count)::text'
      : 'pg_catalog.count(_postgrest_t)::text';
  const text =
    `WITH ${SOURCE} AS (${call})${count} ` +
    `SELECT ${total} AS total_result_set, pg_catalog.count(_postgrest_t)::text AS page_total, ${callBodySql(plan)} AS body, ` +
    `null::text AS location, nullif(current_setting('response.headers', true), '') AS response_headers, ` +
    `nullif(current_setting('response.status', true), '') AS response_status, null::text AS inserted ` +
    `FROM (${rows}) _postgrest_t`;
  return { text, params: params.values };
}
