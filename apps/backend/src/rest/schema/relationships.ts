// The relationships of a table or view, derived from foreign keys as PostgREST's schema cache derives them:
// many-to-one where it holds the key, one-to-many where another holds a key to it (one-to-one both ways when the key
// columns are unique), many-to-many through a junction table whose primary key holds both keys, and the computed
// relationships of its row, which override the foreign keys to a table of the function's name. Listed in PostgREST's
// order, which decides the order of PGRST201's candidates; worked out once per schema cache and origin.
import type { ComputedRelationship, ForeignKey, QualifiedName, SchemaCache } from './types.ts';
import { findTable, tableKey } from './types.ts';

export type Cardinality = 'one-to-many' | 'many-to-one' | 'one-to-one' | 'many-to-many';

export interface Relationship {
  cardinality: Cardinality;
  table: QualifiedName;
  foreignTable: QualifiedName;
  /** The foreign key's constraint name (for many-to-many, the one that points at the origin). */
  constraint: string;
  /** Column pairs [origin column, target column] for direct relationships. */
  columns: [string, string][];
  /** A table's key to itself (or a junction between a table and itself). */
  isSelf: boolean;
  /** The target is a view: PostgREST does not embed it by a constraint or column name. */
  foreignIsView: boolean;
  junction?: {
    table: QualifiedName;
    /** junction -> origin: [junction column, origin column]. */
    source: { constraint: string; columns: [string, string][] };
    /** junction -> target: [junction column, target column]. */
    target: { constraint: string; columns: [string, string][] };
  };
}

/** A relationship of an origin: through foreign keys, or a computed relationship (a function of its row). */
export type AnyRelationship = Relationship | ComputedRelationship;

export const isComputed = (relationship: AnyRelationship): relationship is ComputedRelationship =>
  'function' in relationship;

const same = (a: QualifiedName, b: QualifiedName) => a.schema === b.schema && a.name === b.name;
const pairs = (fk: ForeignKey): [string, string][] => fk.columns.map((column, i) => [column, fk.foreignColumns[i]]);
const swap = (columns: [string, string][]): [string, string][] => columns.map(([a, b]) => [b, a]);
const isView = (cache: SchemaCache, name: QualifiedName) => findTable(cache, name.schema, name.name)?.isView ?? false;

function direct(cache: SchemaCache, origin: QualifiedName): Relationship[] {
  const found: Relationship[] = [];
  for (const fk of cache.foreignKeys) {
    const isSelf = same(fk.table, fk.foreignTable);
    if (same(fk.table, origin) && fk.foreignTable.schema === origin.schema) {
      found.push({
        cardinality: fk.oneToOne ? 'one-to-one' : 'many-to-one',
        table: origin,
        foreignTable: fk.foreignTable,
        constraint: fk.constraint,
        columns: pairs(fk),
        isSelf,
        foreignIsView: isView(cache, fk.foreignTable),
      });
    }
    if (same(fk.foreignTable, origin) && fk.table.schema === origin.schema) {
      found.push({
        cardinality: fk.oneToOne ? 'one-to-one' : 'one-to-many',
        table: origin,
        foreignTable: fk.table,
        constraint: fk.constraint,
        columns: swap(pairs(fk)),
        isSelf,
        foreignIsView: isView(cache, fk.table),
      });
    }
  }
  return found;
}

/** Junction tables of the exposed schemas whose primary key holds a key to the origin and a key to the target. */
function manyToMany(cache: SchemaCache, origin: QualifiedName): Relationship[] {
  const found: Relationship[] = [];
  for (const junction of cache.tables.values()) {
    const jName = { schema: junction.schema, name: junction.name };
    if (!cache.schemas.includes(junction.schema) || junction.primaryKey.length === 0) continue;
    const inKey = (fk: ForeignKey) => fk.columns.every((column) => junction.primaryKey.includes(column));
    const keys = cache.foreignKeys.filter((fk) => same(fk.table, jName) && !fk.oneToOne && inKey(fk));
    for (const toOrigin of keys.filter((fk) => same(fk.foreignTable, origin))) {
      for (const toTarget of keys) {
        if (toTarget.constraint === toOrigin.constraint || toTarget.foreignTable.schema !== origin.schema) continue;
        found.push({
          cardinality: 'many-to-many',
          table: origin,
          foreignTable: toTarget.foreignTable,
          constraint: toOrigin.constraint,
          columns: [],
          isSelf: same(origin, toTarget.foreignTable),
          foreignIsView: isView(cache, toTarget.foreignTable),
          junction: {
            table: jName,
            source: { constraint: toOrigin.constraint, columns: pairs(toOrigin) },
            target: { constraint: toTarget.constraint, columns: pairs(toTarget) },
          },
        });
      }
    }
  }
  return found;
}

const CARDINALITY_ORDER: Record<Cardinality, number> = {
  'one-to-many': 0,
  'many-to-one': 1,
  'one-to-one': 2,
  'many-to-many': 3,
};
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byName = (a: QualifiedName, b: QualifiedName) => byText(a.schema, b.schema) || byText(a.name, b.name);
const columnsText = (columns: [string, string][]) => JSON.stringify(columns);

/** PostgREST's order: by target, self-relationships last, by cardinality, then by constraint or junction. */
function compareRelationships(a: Relationship, b: Relationship): number {
  return (
    byName(a.foreignTable, b.foreignTable) ||
    Number(a.isSelf) - Number(b.isSelf) ||
    CARDINALITY_ORDER[a.cardinality] - CARDINALITY_ORDER[b.cardinality] ||
    (a.junction && b.junction ? byName(a.junction.table, b.junction.table) : 0) ||
    byText(a.constraint, b.constraint) ||
    byText(a.junction?.target.constraint ?? '', b.junction?.target.constraint ?? '') ||
    byText(columnsText(a.columns), columnsText(b.columns))
  );
}

function derive(cache: SchemaCache, origin: QualifiedName): AnyRelationship[] {
  const computed = cache.computedRelationships
    .filter((relationship) => same(relationship.table, origin) && relationship.function.schema === origin.schema)
    .sort((a, b) => byName(a.function, b.function) || byName(a.foreignTable, b.foreignTable));
  // A computed relationship named like a table stands in for every foreign-key relationship to that table.
  const overridden = (relationship: Relationship) => computed.some((c) => same(c.function, relationship.foreignTable));
  const fromKeys = [...direct(cache, origin), ...manyToMany(cache, origin)].filter((r) => !overridden(r));
  return [...fromKeys.sort(compareRelationships), ...computed];
}

const memo = new WeakMap<SchemaCache, Map<string, AnyRelationship[]>>();

/** Every relationship of `origin` to a table or view of its own schema. */
export function relationshipsFrom(cache: SchemaCache, origin: QualifiedName): AnyRelationship[] {
  let byOrigin = memo.get(cache);
  if (!byOrigin) memo.set(cache, (byOrigin = new Map()));
  const key = tableKey(origin.schema, origin.name);
  let found = byOrigin.get(key);
  if (!found) byOrigin.set(key, (found = derive(cache, origin)));
  return found;
}
