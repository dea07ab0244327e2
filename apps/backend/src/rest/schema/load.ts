// Reads the schema cache from the catalog: relations with their columns and primary keys, foreign keys (also as
// the views showing their columns carry them), functions of the exposed schemas and the computed relationships among
// them. Each query returns one JSON document so both adapters read it the same way.
import type { Db } from '../../db/types.ts';
import { COMPUTED_RELATIONSHIPS_SQL } from './computed.ts';
import { compareRoutines, ROUTINES_SQL, toRoutine, type RawRoutine } from './routines.ts';
import type { ComputedRelationship, ForeignKey, Routine, SchemaCache, Table } from './types.ts';
import { tableKey } from './types.ts';
import { addViewKeys, VIEWS_SQL, type ViewCatalog } from './views.ts';

// format_type qualifies every type that is not visible on the search path; with only pg_catalog on it, the names
// it prints stay valid whatever search path a request runs with.
const PIN_SEARCH_PATH = "select set_config('search_path', 'pg_catalog', true)";

// A column's default as `missing=default` writes it, as PostgREST reads it: the column's own, the next value of an
// identity column's sequence, or its domain's; none for a generated column.
const COLUMN_DEFAULT = `case
  when a.attgenerated <> '' then null
  when d.adbin is not null then pg_get_expr(d.adbin, d.adrelid)
  when a.attidentity = 'd' then format('nextval(%L::regclass)',
    pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
  else (select pg_get_expr(ty.typdefaultbin, 0) from pg_type ty where ty.oid = a.atttypid and ty.typtype = 'd')
end`;

const TABLES_SQL = `
select coalesce(json_agg(json_build_object(
  'schema', n.nspname, 'name', c.relname, 'isView', c.relkind in ('v', 'm'),
  'description', obj_description(c.oid, 'pg_class'),
  'insertable', c.relkind in ('r', 'p') or (pg_relation_is_updatable(c.oid::regclass, true) & 8) = 8,
  'updatable', c.relkind in ('r', 'p') or (pg_relation_is_updatable(c.oid::regclass, true) & 4) = 4,
  'deletable', c.relkind in ('r', 'p') or (pg_relation_is_updatable(c.oid::regclass, true) & 16) = 16,
  'columns', coalesce((
    select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
      'nominalType', format_type(a.atttypid, null),
      'nullable', not a.attnotnull, 'default', ${COLUMN_DEFAULT},
      'description', col_description(c.oid, a.attnum),
      'maxLength', case when a.atttypid in (1042, 1043) and a.atttypmod > 4 then a.atttypmod - 4 end,
      'enum', (select json_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = a.atttypid)
    ) order by a.attnum)
    from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]'),
  'primaryKey', coalesce((
    select json_agg(a.attname order by k.ord)
    from pg_constraint p cross join unnest(p.conkey) with ordinality k(attnum, ord)
    join pg_attribute a on a.attrelid = p.conrelid and a.attnum = k.attnum
    where p.conrelid = c.oid and p.contype = 'p'), '[]')
)), '[]')::text as doc
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r', 'v', 'm', 'f', 'p') and n.nspname in (select json_array_elements_text($1::json))`;

const FOREIGN_KEYS_SQL = `
select coalesce(json_agg(json_build_object(
  'constraint', con.conname,
  'table', json_build_object('schema', ns.nspname, 'name', c.relname),
  'columns', (select json_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
              join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum),
  'foreignTable', json_build_object('schema', fns.nspname, 'name', fc.relname),
  'foreignColumns', (select json_agg(a.attname order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
              join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum),
  'oneToOne', exists (select 1 from pg_constraint u where u.conrelid = con.conrelid and u.contype in ('p', 'u')
              and (select array_agg(k order by k) from unnest(u.conkey) k) = con.conkey)
)), '[]')::text as doc
from pg_constraint con
join pg_class c on c.oid = con.conrelid join pg_namespace ns on ns.oid = c.relnamespace
join pg_class fc on fc.oid = con.confrelid join pg_namespace fns on fns.oid = fc.relnamespace
where con.contype = 'f' and ns.nspname not in ('pg_catalog', 'information_schema')`;

// The roles a request may run as: those the authenticator role is a member of, as PostgREST can only switch to
// those. Every role name is read too, to tell a role that does not exist from one that is not granted.
const ROLES_SQL = `
select json_build_object(
  'allowed', coalesce((select json_agg(r.rolname) from pg_roles r
    where case when exists (select 1 from pg_roles a where a.rolname = 'authenticator')
      then pg_has_role('authenticator', r.oid, 'MEMBER') else false end), '[]'),
  'known', coalesce((select json_agg(r.rolname) from pg_roles r), '[]'))::text as doc`;

// In-database configuration as PostgREST reads it: the `pgrst.` settings of the authenticator role and of the
// database, each name's most specific value (the role's over the database's, a role-in-database setting over both).
const SETTINGS_SQL = `
select distinct on (split_part(setting, '=', 1))
  split_part(setting, '=', 1) as name, substr(setting, strpos(setting, '=') + 1) as value
from pg_db_role_setting s cross join unnest(s.setconfig) setting
where setting like 'pgrst.%'
  and s.setrole in (0, coalesce((select oid from pg_roles where rolname = 'authenticator'), 0))
  and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
order by split_part(setting, '=', 1), s.setrole desc, s.setdatabase desc`;

const isOn = (value: string | null) => value !== null && ['true', 'on', '1', 'yes'].includes(value);

/** `db-tx-end` as PostgREST reads it; an unknown value counts as the default, `commit`. */
function transactionEnd(value: string | null): SchemaCache['transactionEnd'] {
  const allowOverride = value === 'commit-allow-override' || value === 'rollback-allow-override';
  const rollbackAll = value === 'rollback' || value === 'rollback-allow-override';
  return { allowOverride, rollbackAll };
}

// Schemas' comments (the OpenAPI title and description) and enum types (for the types generator).
const SCHEMAS_SQL = `
select json_build_object(
  'descriptions', coalesce((select json_object_agg(n.nspname, obj_description(n.oid, 'pg_namespace'))
    from pg_namespace n where n.nspname in (select json_array_elements_text($1::json))), '{}'),
  'enums', coalesce((select json_agg(json_build_object('schema', n.nspname, 'name', t.typname,
      'values', (select json_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid))
      order by n.nspname, t.typname)
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where t.typtype = 'e' and n.nspname in (select json_array_elements_text($1::json))), '[]'))::text as doc`;

const TIMEZONES_SQL = `select coalesce(json_agg(name), '[]')::text as doc from pg_timezone_names`;

export async function loadSchemaCache(db: Db, schemas: string[]): Promise<SchemaCache> {
  return db.transaction(async (tx) => {
    await tx.query(PIN_SEARCH_PATH);
    const read = async <T>(sql: string, params: unknown[] = [schemas]): Promise<T> => {
      const { rows } = await tx.query<{ doc: string }>(sql, params);
      return JSON.parse(rows[0].doc) as T;
    };
    const tables = await read<Table[]>(TABLES_SQL);
    const baseForeignKeys = await read<ForeignKey[]>(FOREIGN_KEYS_SQL, []);
    const views = await read<ViewCatalog>(VIEWS_SQL, []);
    const computedRelationships = await read<ComputedRelationship[]>(COMPUTED_RELATIONSHIPS_SQL);
    const routines = (await read<RawRoutine[]>(ROUTINES_SQL)).flatMap((raw) => toRoutine(raw) ?? []);
    const timezones = new Set(await read<string[]>(TIMEZONES_SQL, []));
    const schemaInfo = await read<Pick<SchemaCache, 'descriptions' | 'enums'>>(SCHEMAS_SQL);
    const settings = new Map(
      (await tx.query<{ name: string; value: string }>(SETTINGS_SQL)).rows.map((row) => [row.name, row.value]),
    );
    const setting = (name: string) => settings.get(name) ?? null;
    // PostgREST leaves plans and aggregates off, and lets no request choose how its transaction ends.
    const planEnabled = isOn(setting('pgrst.db_plan_enabled'));
    const aggregatesEnabled = isOn(setting('pgrst.db_aggregates_enabled'));
    const txEnd = transactionEnd(setting('pgrst.db_tx_end'));
    const roles = await read<{ allowed: string[]; known: string[] }>(ROLES_SQL, []);

    const byName = new Map<string, Table>();
    for (const table of tables) byName.set(tableKey(table.schema, table.name), table);
    const foreignKeys = addViewKeys(byName, baseForeignKeys, views);
    const routinesByName = new Map<string, Routine[]>();
    for (const routine of routines) {
      const key = tableKey(routine.schema, routine.name);
      routinesByName.set(key, [...(routinesByName.get(key) ?? []), routine]);
    }
    for (const overloads of routinesByName.values()) overloads.sort(compareRoutines);
    return {
      schemas,
      tables: byName,
      foreignKeys,
      computedRelationships,
      routines: routinesByName,
      timezones,
      roles: { allowed: new Set(roles.allowed), known: new Set(roles.known) },
      planEnabled,
      aggregatesEnabled,
      transactionEnd: txEnd,
      descriptions: schemaInfo.descriptions,
      enums: schemaInfo.enums,
    };
  });
}
