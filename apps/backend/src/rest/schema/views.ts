// Views take part in relationships as PostgREST lets them: a view column that shows a base table's column under
// the same name carries that column's keys, so a view gets its base table's primary key and foreign keys.
import type { ForeignKey, QualifiedName, Table } from './types.ts';
import { tableKey } from './types.ts';

/** For each view column, the base table columns of the same name the view's query reads. */
export const VIEW_COLUMNS_SQL = `
select coalesce(json_agg(json_build_object(
  'view', json_build_object('schema', vn.nspname, 'name', v.relname),
  'column', va.attname,
  'table', json_build_object('schema', tn.nspname, 'name', t.relname),
  'tablePrimaryKey', coalesce((
    select json_agg(a.attname order by k.ord)
    from pg_constraint p cross join unnest(p.conkey) with ordinality k(attnum, ord)
    join pg_attribute a on a.attrelid = p.conrelid and a.attnum = k.attnum
    where p.conrelid = t.oid and p.contype = 'p'), '[]')
)), '[]')::text as doc
from pg_class v
join pg_namespace vn on vn.oid = v.relnamespace
join pg_rewrite r on r.ev_class = v.oid
join pg_depend d on d.classid = 'pg_rewrite'::regclass and d.objid = r.oid
  and d.refclassid = 'pg_class'::regclass and d.refobjsubid > 0 and d.refobjid <> v.oid
join pg_class t on t.oid = d.refobjid
join pg_namespace tn on tn.oid = t.relnamespace
join pg_attribute ta on ta.attrelid = t.oid and ta.attnum = d.refobjsubid
join pg_attribute va on va.attrelid = v.oid and va.attname = ta.attname and va.attnum > 0 and not va.attisdropped
where v.relkind in ('v', 'm') and vn.nspname in (select json_array_elements_text($1::json))`;

export interface ViewColumnSource {
  view: QualifiedName;
  column: string;
  table: QualifiedName;
  tablePrimaryKey: string[];
}

const keyOf = (name: QualifiedName) => tableKey(name.schema, name.name);

/** View -> base table -> the base columns it shows; a column read from several tables shows none of them. */
function baseColumns(
  sources: ViewColumnSource[],
): Map<string, Map<string, { table: QualifiedName; columns: Set<string>; primaryKey: string[] }>> {
  const tablesPerColumn = new Map<string, ViewColumnSource[]>();
  for (const source of sources) {
    const key = `${keyOf(source.view)}\u0000${source.column}`;
    tablesPerColumn.set(key, [...(tablesPerColumn.get(key) ?? []), source]);
  }
  const byView = new Map<string, Map<string, { table: QualifiedName; columns: Set<string>; primaryKey: string[] }>>();
  for (const candidates of tablesPerColumn.values()) {
    if (candidates.length !== 1) continue;
    const [source] = candidates;
    const tables = byView.get(keyOf(source.view)) ?? new Map();
    const entry = tables.get(keyOf(source.table)) ?? {
      table: source.table,
      columns: new Set<string>(),
      primaryKey: source.tablePrimaryKey,
    };
    entry.columns.add(source.column);
    tables.set(keyOf(source.table), entry);
    byView.set(keyOf(source.view), tables);
  }
  return byView;
}

/** Gives views the primary key of the one base table whose key they show, and adds their foreign keys. */
export function addViewKeys(
  tables: Map<string, Table>,
  foreignKeys: ForeignKey[],
  sources: ViewColumnSource[],
): ForeignKey[] {
  const byView = baseColumns(sources);
  // Every relation that stands for a base table: the table itself and each view showing the needed columns.
  const standIns = (table: QualifiedName, columns: string[]): QualifiedName[] => {
    const found = [table];
    for (const [viewKey, bases] of byView) {
      const shown = bases.get(keyOf(table));
      const view = tables.get(viewKey);
      if (view && shown && columns.every((column) => shown.columns.has(column)))
        found.push({ schema: view.schema, name: view.name });
    }
    return found;
  };
  for (const [viewKey, bases] of byView) {
    const view = tables.get(viewKey);
    const keyed = [...bases.values()].filter(
      (base) => base.primaryKey.length > 0 && base.primaryKey.every((c) => base.columns.has(c)),
    );
    if (view && keyed.length === 1) view.primaryKey = keyed[0].primaryKey;
  }
  const all: ForeignKey[] = [];
  for (const fk of foreignKeys) {
    for (const table of standIns(fk.table, fk.columns)) {
      for (const foreignTable of standIns(fk.foreignTable, fk.foreignColumns)) all.push({ ...fk, table, foreignTable });
    }
  }
  return all;
}
