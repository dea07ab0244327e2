// Views take part in relationships as PostgREST lets them: a view column that shows a base table's column, under
// its own name or another, carries that column's keys, so a view gets the primary keys and foreign keys of the
// tables it shows. Where each column comes from is read from the view's stored query (see node-tree.ts), through
// views of views down to the table.
import { viewTargetOrigins, type TargetOrigin } from './node-tree.ts';
import type { ForeignKey, QualifiedName, Table } from './types.ts';
import { tableKey } from './types.ts';

const pgClassColumns = (alias: string) =>
  `(select json_object_agg(a.attnum, a.attname) from pg_attribute a
    where a.attrelid = ${alias}.oid and a.attnum > 0 and not a.attisdropped)`;

/** Every view with its stored query, and the tables the views read with their columns and primary keys. */
export const VIEWS_SQL = `
with views as (
  select c.oid, n.nspname, c.relname, r.oid as rule, r.ev_action
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_rewrite r on r.ev_class = c.oid and r.rulename = '_RETURN'
  where c.relkind in ('v', 'm') and n.nspname not in ('pg_catalog', 'information_schema')
)
select json_build_object(
  'views', coalesce((select json_agg(json_build_object('oid', v.oid::int8, 'schema', v.nspname, 'name', v.relname,
    'columns', ${pgClassColumns('v')}, 'definition', v.ev_action::text)) from views v), '[]'),
  'tables', coalesce((select json_agg(json_build_object('oid', t.oid::int8, 'schema', tn.nspname, 'name', t.relname,
    'columns', ${pgClassColumns('t')},
    'primaryKey', coalesce((
      select json_agg(a.attname order by k.ord)
      from pg_constraint p cross join unnest(p.conkey) with ordinality k(attnum, ord)
      join pg_attribute a on a.attrelid = p.conrelid and a.attnum = k.attnum
      where p.conrelid = t.oid and p.contype = 'p'), '[]')))
    from pg_class t join pg_namespace tn on tn.oid = t.relnamespace
    where t.relkind in ('r', 'p', 'f') and t.oid in (
      select d.refobjid from pg_depend d join views v on d.objid = v.rule
      where d.classid = 'pg_rewrite'::regclass and d.refclassid = 'pg_class'::regclass)), '[]')
)::text as doc`;

interface CatalogRelation {
  oid: number;
  schema: string;
  name: string;
  /** Column names by number. */
  columns: Record<string, string> | null;
}

export interface ViewCatalog {
  views: (CatalogRelation & { definition: string })[];
  tables: (CatalogRelation & { primaryKey: string[] })[];
}

/** A base table as one view shows it: each of its columns the view shows, with the view columns showing it. */
interface ShownTable {
  view: QualifiedName;
  table: QualifiedName;
  primaryKey: string[];
  columns: Map<string, string[]>;
}

const keyOf = (name: QualifiedName) => tableKey(name.schema, name.name);
const nameOf = (relation: CatalogRelation): QualifiedName => ({ schema: relation.schema, name: relation.name });
// Views built on views: deeper than this is taken for a cycle.
const MAX_VIEW_DEPTH = 64;

/** For each view of `exposed`, the base tables it shows, in the order of the view's columns. */
function shownTables(catalog: ViewCatalog, exposed: Map<string, Table>): { view: Table; shown: ShownTable[] }[] {
  const views = new Map(
    catalog.views.map((view) => [
      view.oid,
      { view, origins: new Map(viewTargetOrigins(view.definition).map((origin) => [origin.position, origin])) },
    ]),
  );
  const tables = new Map(catalog.tables.map((table) => [table.oid, table]));
  const baseOf = (origin: TargetOrigin | undefined) => {
    for (let depth = 0; origin && depth < MAX_VIEW_DEPTH; depth++) {
      const table = tables.get(origin.relation);
      const column = table?.columns?.[origin.column];
      if (table && column) return { table, column };
      origin = views.get(origin.relation)?.origins.get(origin.column);
    }
    return undefined;
  };
  const result: { view: Table; shown: ShownTable[] }[] = [];
  for (const { view, origins } of views.values()) {
    const exposedView = exposed.get(tableKey(view.schema, view.name));
    if (!exposedView) continue;
    const shown = new Map<number, ShownTable>();
    const positions = Object.keys(view.columns ?? {})
      .map(Number)
      .sort((a, b) => a - b);
    for (const position of positions) {
      const base = baseOf(origins.get(position));
      if (!base) continue;
      const entry = shown.get(base.table.oid) ?? {
        view: nameOf(view),
        table: nameOf(base.table),
        primaryKey: base.table.primaryKey,
        columns: new Map<string, string[]>(),
      };
      entry.columns.set(base.column, [...(entry.columns.get(base.column) ?? []), view.columns![position]]);
      shown.set(base.table.oid, entry);
    }
    result.push({ view: exposedView, shown: [...shown.values()] });
  }
  return result;
}

/** Every way to pick one view column for each key column, when a view shows a key column more than once. */
function choices(columns: string[][]): string[][] {
  return columns.reduce<string[][]>(
    (picked, options) => picked.flatMap((prefix) => options.map((option) => [...prefix, option])),
    [[]],
  );
}

/**
 * Gives views the primary keys of the tables whose keys they show (in full), and returns the foreign keys with
 * every view standing in for the tables on either side whose key columns it shows.
 */
export function addViewKeys(tables: Map<string, Table>, foreignKeys: ForeignKey[], catalog: ViewCatalog): ForeignKey[] {
  const byView = shownTables(catalog, tables);
  const byTable = new Map<string, ShownTable[]>();
  for (const { shown } of byView) {
    for (const base of shown) byTable.set(keyOf(base.table), [...(byTable.get(keyOf(base.table)) ?? []), base]);
  }

  for (const { view, shown } of byView) {
    const keyed = shown.filter(
      (base) => base.primaryKey.length > 0 && base.primaryKey.every((column) => base.columns.has(column)),
    );
    // A key column shown twice is named by its first view column, as PostgREST names it.
    view.primaryKey = keyed.flatMap((base) => base.primaryKey.map((column) => base.columns.get(column)![0]));
  }

  const standIns = (table: QualifiedName, columns: string[]): { relation: QualifiedName; columns: string[] }[] => [
    { relation: table, columns },
    ...(byTable.get(keyOf(table)) ?? [])
      .filter((shown) => columns.every((column) => shown.columns.has(column)))
      .flatMap((shown) =>
        choices(columns.map((column) => shown.columns.get(column)!)).map((picked) => ({
          relation: shown.view,
          columns: picked,
        })),
      ),
  ];
  return foreignKeys.flatMap((fk) =>
    standIns(fk.table, fk.columns).flatMap((side) =>
      standIns(fk.foreignTable, fk.foreignColumns).map((foreignSide) => ({
        ...fk,
        table: side.relation,
        columns: side.columns,
        foreignTable: foreignSide.relation,
        foreignColumns: foreignSide.columns,
      })),
    ),
  );
}
