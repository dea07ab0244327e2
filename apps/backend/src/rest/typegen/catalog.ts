// What the types generator reads from the catalog: relations with their columns, foreign keys (and whether each
// is one-to-one), functions with their arguments and results, enums, composite types, and every type's name.
import type { Queryable } from '../../db/types.ts';

export interface PgType {
  oid: number;
  schema: string;
  name: string;
  /** b base, c composite, d domain, e enum, p pseudo, r range, m multirange */
  kind: string;
  category: string;
  element: number;
  base: number;
  relation: number;
}

export interface CatalogColumn {
  name: string;
  type: number;
  nullable: boolean;
  hasDefault: boolean;
  identity: string;
  generated: string;
}

export interface CatalogRelation {
  oid: number;
  schema: string;
  name: string;
  kind: 'table' | 'view';
  insertable: boolean;
  updatable: boolean;
  columns: CatalogColumn[];
}

export interface CatalogForeignKey {
  name: string;
  schema: string;
  table: string;
  columns: string[];
  oneToOne: boolean;
  referencedSchema: string;
  referencedRelation: string;
  referencedColumns: string[];
}

export interface CatalogFunction {
  schema: string;
  name: string;
  /** Every argument; modes i (in), o (out), b (inout), v (variadic), t (a column of RETURNS TABLE). */
  args: { name: string; type: number; mode: string }[];
  /** How many of the last input arguments have defaults. */
  defaults: number;
  returns: number;
  set: boolean;
}

export interface Catalog {
  types: Map<number, PgType>;
  relations: CatalogRelation[];
  foreignKeys: CatalogForeignKey[];
  functions: CatalogFunction[];
  schemas: string[];
  /** Enum labels in order, keyed `schema.name`. */
  enumValues: Map<string, string[]>;
}

const TYPES_SQL = `
select coalesce(json_agg(json_build_object('oid', t.oid::int, 'schema', n.nspname, 'name', t.typname,
  'kind', t.typtype, 'category', t.typcategory, 'element', t.typelem::int, 'base', t.typbasetype::int,
  'relation', t.typrelid::int)), '[]')::text as doc
from pg_type t join pg_namespace n on n.oid = t.typnamespace`;

const RELATIONS_SQL = `
select coalesce(json_agg(json_build_object('oid', c.oid::int, 'schema', n.nspname, 'name', c.relname,
  'kind', case when c.relkind in ('r', 'p', 'f') then 'table' else 'view' end,
  'insertable', (pg_relation_is_updatable(c.oid::regclass, false) & 8) = 8,
  'updatable', (pg_relation_is_updatable(c.oid::regclass, false) & 4) = 4,
  'columns', coalesce((select json_agg(json_build_object('name', a.attname, 'type', a.atttypid::int,
      'nullable', not a.attnotnull, 'hasDefault', a.atthasdef, 'identity', a.attidentity,
      'generated', a.attgenerated) order by a.attname)
    from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]')
) order by c.relname), '[]')::text as doc
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r', 'p', 'f', 'v', 'm') and n.nspname in (select json_array_elements_text($1::json))`;

const FOREIGN_KEYS_SQL = `
select coalesce(json_agg(json_build_object('name', con.conname, 'schema', ns.nspname, 'table', c.relname,
  'columns', (select json_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum),
  'oneToOne', exists (select 1 from pg_index i where i.indrelid = con.conrelid and i.indisunique
    and i.indpred is null and (select array_agg(x order by x) from unnest(i.indkey::int2[]) x)
      = (select array_agg(x order by x) from unnest(con.conkey) x)),
  'referencedSchema', fns.nspname, 'referencedRelation', fc.relname,
  'referencedColumns', (select json_agg(a.attname order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
    join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum)
) order by con.conname), '[]')::text as doc
from pg_constraint con
join pg_class c on c.oid = con.conrelid join pg_namespace ns on ns.oid = c.relnamespace
join pg_class fc on fc.oid = con.confrelid join pg_namespace fns on fns.oid = fc.relnamespace
where con.contype = 'f' and ns.nspname in (select json_array_elements_text($1::json))`;

const FUNCTIONS_SQL = `
select coalesce(json_agg(json_build_object('schema', n.nspname, 'name', p.proname,
  'args', coalesce((select json_agg(json_build_object('name', coalesce(p.proargnames[u.ord], ''),
      'type', u.typ::int, 'mode', coalesce(p.proargmodes[u.ord], 'i')) order by u.ord)
    from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(typ, ord)), '[]'),
  'defaults', p.pronargdefaults, 'returns', p.prorettype::int, 'set', p.proretset
) order by p.proname, p.oid), '[]')::text as doc
from pg_proc p join pg_namespace n on n.oid = p.pronamespace
where p.prokind = 'f' and n.nspname in (select json_array_elements_text($1::json))
  and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)
  and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`;

const ENUMS_SQL = `
select coalesce(json_object_agg(n.nspname || '.' || t.typname,
  (select json_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid)), '{}')::text as doc
from pg_type t join pg_namespace n on n.oid = t.typnamespace where t.typtype = 'e'`;

export async function readCatalog(db: Queryable, wanted: string[]): Promise<Catalog> {
  const read = async <T>(sql: string, params: unknown[] = []): Promise<T> => {
    const { rows } = await db.query<{ doc: string }>(sql, params);
    return JSON.parse(rows[0].doc) as T;
  };
  const present = await db.query<{ nspname: string }>(
    'select nspname from pg_namespace where nspname = any($1::text[]) order by nspname',
    [`{${wanted.map((s) => `"${s}"`).join(',')}}`],
  );
  const schemas = wanted.filter((schema) => present.rows.some((row) => row.nspname === schema));
  const types = await read<PgType[]>(TYPES_SQL);
  return {
    types: new Map(types.map((type) => [type.oid, type])),
    relations: await read<CatalogRelation[]>(RELATIONS_SQL, [JSON.stringify(schemas)]),
    foreignKeys: await read<CatalogForeignKey[]>(FOREIGN_KEYS_SQL, [JSON.stringify(schemas)]),
    functions: await read<CatalogFunction[]>(FUNCTIONS_SQL, [JSON.stringify(schemas)]),
    schemas,
    enumValues: new Map(Object.entries(await read<Record<string, string[]>>(ENUMS_SQL))),
  };
}
