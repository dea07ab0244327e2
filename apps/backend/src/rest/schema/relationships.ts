// Relationships between two tables, derived from foreign keys as PostgREST derives them: many-to-one (the origin
// holds the key), one-to-many / one-to-one (the target holds it) and many-to-many through a junction table whose
// primary key includes both foreign keys.
import type { ForeignKey, QualifiedName, SchemaCache, Table } from './types.ts';
import { findTable } from './types.ts';

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

export interface Relationship {
  cardinality: Cardinality;
  table: QualifiedName;
  foreignTable: QualifiedName;
  /** The foreign key's constraint name (for many-to-many, the one that points at the origin). */
  constraint: string;
  /** Column pairs [origin column, target column] for direct relationships. */
  columns: [string, string][];
  junction?: {
    table: QualifiedName;
    /** junction -> origin: [junction column, origin column]. */
    source: { constraint: string; columns: [string, string][] };
    /** junction -> target: [junction column, target column]. */
    target: { constraint: string; columns: [string, string][] };
  };
}

const same = (a: QualifiedName, b: QualifiedName) => a.schema === b.schema && a.name === b.name;
const pairs = (fk: ForeignKey): [string, string][] => fk.columns.map((column, i) => [column, fk.foreignColumns[i]]);
const within = (columns: string[], set: string[]) => columns.every((column) => set.includes(column));

/** A key on `columns` makes the side holding the foreign key unique: one-to-one instead of one-to-many. */
function isUniqueKey(table: Table | undefined, columns: string[]): boolean {
  if (!table || table.primaryKey.length === 0) return false;
  return table.primaryKey.length === columns.length && within(table.primaryKey, columns);
}

export function relationshipsBetween(cache: SchemaCache, origin: QualifiedName, target: QualifiedName): Relationship[] {
  const found: Relationship[] = [];
  for (const fk of cache.foreignKeys) {
    if (same(fk.table, origin) && same(fk.foreignTable, target)) {
      found.push({
        cardinality: 'many-to-one',
        table: origin,
        foreignTable: target,
        constraint: fk.constraint,
        columns: pairs(fk),
      });
    }
  }
  for (const fk of cache.foreignKeys) {
    if (same(fk.table, target) && same(fk.foreignTable, origin)) {
      const unique = isUniqueKey(findTable(cache, target.schema, target.name), fk.columns);
      found.push({
        cardinality: unique ? 'one-to-one' : 'one-to-many',
        table: origin,
        foreignTable: target,
        constraint: fk.constraint,
        columns: pairs(fk).map(([child, parent]) => [parent, child]),
      });
    }
  }
  found.push(...manyToMany(cache, origin, target));
  return found;
}

function manyToMany(cache: SchemaCache, origin: QualifiedName, target: QualifiedName): Relationship[] {
  const found: Relationship[] = [];
  for (const junction of cache.tables.values()) {
    const jName = { schema: junction.schema, name: junction.name };
    if (same(jName, origin) || same(jName, target) || junction.schema !== origin.schema) continue;
    const keys = cache.foreignKeys.filter((fk) => same(fk.table, jName) && within(fk.columns, junction.primaryKey));
    for (const toOrigin of keys.filter((fk) => same(fk.foreignTable, origin))) {
      // Views standing in for a table repeat its foreign keys: two different keys have different names.
      for (const toTarget of keys.filter(
        (fk) => same(fk.foreignTable, target) && fk.constraint !== toOrigin.constraint,
      )) {
        found.push({
          cardinality: 'many-to-many',
          table: origin,
          foreignTable: target,
          constraint: toOrigin.constraint,
          columns: [],
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

/** `table!hint(...)`: a constraint name, a column of the key, or a junction table's name. */
export function matchesHint(relationship: Relationship, hint: string): boolean {
  if (relationship.junction) {
    const { junction } = relationship;
    return junction.table.name === hint || junction.source.constraint === hint || junction.target.constraint === hint;
  }
  if (relationship.constraint === hint) return true;
  const [originColumns, targetColumns] = [relationship.columns.map(([o]) => o), relationship.columns.map(([, t]) => t)];
  return relationship.cardinality === 'many-to-one'
    ? originColumns.includes(hint) || (targetColumns.length === 1 && targetColumns[0] === hint)
    : targetColumns.includes(hint) || (originColumns.length === 1 && originColumns[0] === hint);
}

/** The details PostgREST lists for an ambiguous embedding (PGRST201). */
export function describeRelationship(relationship: Relationship): Record<string, string> {
  const list = (columns: string[]) => `(${columns.join(', ')})`;
  const { table, foreignTable } = relationship;
  if (relationship.junction) {
    const { junction } = relationship;
    return {
      cardinality: 'many-to-many',
      embedding: `${table.name} with ${foreignTable.name}`,
      relationship: `${junction.table.name} using ${junction.source.constraint}${list(junction.source.columns.map(([j]) => j))} and ${junction.target.constraint}${list(junction.target.columns.map(([j]) => j))}`,
    };
  }
  return {
    cardinality: relationship.cardinality,
    embedding: `${table.name} with ${foreignTable.name}`,
    relationship: `${relationship.constraint} using ${table.name}${list(relationship.columns.map(([o]) => o))} and ${foreignTable.name}${list(relationship.columns.map(([, t]) => t))}`,
  };
}

/** The `table!name` a client can write to pick one relationship. */
export function relationshipHint(relationship: Relationship): string {
  const name = relationship.junction ? relationship.junction.table.name : relationship.constraint;
  return `'${relationship.foreignTable.name}!${name}'`;
}
