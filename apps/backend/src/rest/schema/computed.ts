// Computed relationships, as PostgREST finds them: a function of the exposed schemas whose one parameter is a
// relation's row type and which returns a relation's row type. `select=*,fn(*)` embeds what it returns for each row.
const RELATION_KINDS = "('r', 'v', 'm', 'f', 'p')";

// A set-returning function declared `rows 1` promises one row, so it embeds as an object, as PostgREST decides.
export const COMPUTED_RELATIONSHIPS_SQL = `
select coalesce(json_agg(json_build_object(
  'function', json_build_object('schema', fn.nspname, 'name', p.proname),
  'table', json_build_object('schema', an.nspname, 'name', ac.relname),
  'foreignTable', json_build_object('schema', rn.nspname, 'name', rc.relname),
  'toOne', not p.proretset or p.prorows = 1
)), '[]')::text as doc
from pg_proc p
join pg_namespace fn on fn.oid = p.pronamespace
join pg_class ac on ac.reltype = p.proargtypes[0] and ac.relkind in ${RELATION_KINDS}
join pg_namespace an on an.oid = ac.relnamespace
join pg_class rc on rc.reltype = p.prorettype and rc.relkind in ${RELATION_KINDS}
join pg_namespace rn on rn.oid = rc.relnamespace
where p.pronargs = 1 and p.prokind = 'f'
  and fn.nspname in (select json_array_elements_text($1::json))
  and an.nspname in (select json_array_elements_text($1::json))
  and rn.nspname in (select json_array_elements_text($1::json))`;
