// Mutation plans as SQL. The body is one JSON parameter read with json_to_record(set) and the cached column types,
// as PostgREST does; `missing=default` fills absent keys with the columns' defaults.
import type { MutatePlan } from '../plan/types.ts';
import type { LogicTree } from '../request/types.ts';
import type { Column, QualifiedName } from '../schema/types.ts';
import { logicSql } from './filter.ts';
import { ident, qualified, type Params } from './fragments.ts';

interface BodySource {
  raw: string;
  isObject: boolean;
}

function returningSql(table: QualifiedName, returning: string[]): string {
  if (returning.length === 0) return 'RETURNING 1';
  return `RETURNING ${returning.map((column) => (column === '*' ? `${qualified(table)}.*` : `${qualified(table)}.${ident(column)}`)).join(', ')}`;
}

/** `FROM (SELECT $1 AS json_data) pgrst_payload, LATERAL (SELECT cols FROM json_to_recordset(...)) pgrst_body`. */
function fromBodySql(body: BodySource, columns: Column[], applyDefaults: boolean, params: Params): string {
  const typed = applyDefaults ? 'jsonb' : 'json';
  const payload = `FROM (SELECT ${params.add(body.raw)}::${typed} AS json_data) pgrst_payload, `;
  let source = 'pgrst_payload.json_data';
  let defaults = '';
  if (applyDefaults) {
    // Column names are parameters; default expressions come from the catalog, not from the client.
    const pairs = columns
      .filter((column) => column.default !== null)
      .map((column) => `${params.add(column.name)}::text, ${column.default}`);
    const object = `jsonb_build_object(${pairs.join(', ')})`;
    defaults = body.isObject
      ? `LATERAL (SELECT ${object} || pgrst_payload.json_data AS val) pgrst_json_defs, `
      : `LATERAL (SELECT jsonb_agg(${object} || elem) AS val FROM jsonb_array_elements(pgrst_payload.json_data) elem) pgrst_json_defs, `;
    source = 'pgrst_json_defs.val';
  }
  let rows: string;
  if (columns.length === 0) {
    rows = body.isObject ? 'SELECT FROM (VALUES (1)) _' : `SELECT FROM ${typed}_array_elements(${source}) _`;
  } else {
    const fn = `${typed}_to_record${body.isObject ? '' : 'set'}`;
    const definitions = columns.map((column) => `${ident(column.name)} ${column.type}`).join(', ');
    rows = `SELECT ${columns.map((column) => ident(column.name)).join(', ')} FROM ${fn}(${source}) AS _(${definitions})`;
  }
  return `${payload}${defaults}LATERAL (${rows}) pgrst_body`;
}

/** Adds `step` to the transaction's `pgrst.inserted` setting; always true, so it can sit in a WHERE. */
function countInserted(step: 1 | -1): string {
  const current = "coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0)";
  return `set_config('pgrst.inserted', (${current} ${step > 0 ? '+' : '-'} 1)::text, true) <> '${step > 0 ? 0 : -1}'`;
}

export function mutateSql(plan: MutatePlan, params: Params): string {
  const table = qualified(plan.table);
  const where = (trees: LogicTree[]) =>
    trees.length > 0 ? ` WHERE ${trees.map((tree) => logicSql(table, tree, params)).join(' AND ')}` : '';

  if (plan.kind === 'insert') {
    const names = plan.columns.map((column) => ident(column.name));
    const target = names.length > 0 ? `(${names.join(', ')})` : '';
    const values = plan.columns.map((column) => `pgrst_body.${ident(column.name)}`).join(', ');
    const body = fromBodySql(plan.body, plan.columns, plan.applyDefaults, params);
    let conflict = '';
    let counting = '';
    if (plan.conflict) {
      const onColumns = plan.conflict.columns.map(ident).join(', ');
      const merge = plan.conflict.resolution === 'merge-duplicates' && names.length > 0;
      const update = `DO UPDATE SET ${names.map((name) => `${name} = EXCLUDED.${name}`).join(', ')} WHERE ${countInserted(-1)}`;
      conflict = ` ON CONFLICT(${onColumns}) ${merge ? update : 'DO NOTHING'}`;
      // Every candidate row counts one up and every merged one counts back down: what remains was inserted,
      // so a merge that inserted nothing answers 200 instead of 201.
      if (merge) counting = countInserted(1);
    }
    // PUT writes only the row whose key matches the URL's filters; a payload naming another key writes nothing.
    const filters = (plan.where ?? []).map((tree) => logicSql('pgrst_body', tree, params));
    const conditions = [...filters, ...(counting ? [counting] : [])];
    const whereSql = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
    return `INSERT INTO ${table}${target} SELECT ${values} ${body}${whereSql}${conflict} ${returningSql(plan.table, plan.returning)}`;
  }

  if (plan.kind === 'update') {
    if (plan.columns.length === 0) {
      // Nothing to set: select no rows, with the returned columns, so `select=` still resolves.
      const columns =
        plan.returning.length === 0
          ? 'NULL'
          : plan.returning.map((c) => (c === '*' ? `${table}.*` : `${table}.${ident(c)}`)).join(', ');
      return `SELECT ${columns} FROM ${table} WHERE false`;
    }
    const assignments = plan.columns
      .map((column) => `${ident(column.name)} = pgrst_body.${ident(column.name)}`)
      .join(', ');
    const body = fromBodySql(plan.body, plan.columns, plan.applyDefaults, params);
    return `UPDATE ${table} SET ${assignments} ${body}${where(plan.where)} ${returningSql(plan.table, plan.returning)}`;
  }

  return `DELETE FROM ${table}${where(plan.where)} ${returningSql(plan.table, plan.returning)}`;
}
