// The response body as Postgres builds it from the rows `_postgrest_t` of the statement: a JSON array (json_agg,
// byte for byte what PostgREST sends), one object, the same without nulls, or CSV with a header line.
import type { BodyFormat } from '../plan/types.ts';

export function bodySql(format: BodyFormat): string {
  switch (format.kind) {
    case 'json':
      return `coalesce(json_agg(_postgrest_t), '[]')::text`;
    case 'array-stripped':
      return `coalesce(json_strip_nulls(json_agg(_postgrest_t)), '[]')::text`;
    case 'object': {
      const first = format.stripNulls ? 'json_strip_nulls(json_agg(_postgrest_t)->0)' : 'json_agg(_postgrest_t)->0';
      return `coalesce((${first})::text, 'null')`;
    }
    case 'csv': {
      const header = `(SELECT coalesce(string_agg(a.k, ','), '') FROM (SELECT json_object_keys(r)::text AS k FROM (SELECT row_to_json(hh) AS r FROM pgrst_source AS hh LIMIT 1) s) a)`;
      const rows = `coalesce(string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), E'\\n'), '')`;
      return `${header} || E'\\n' || ${rows}`;
    }
    case 'none':
    case 'plan':
      return `''`;
  }
}
