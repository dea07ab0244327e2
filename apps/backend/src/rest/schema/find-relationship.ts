// Which relationship `origin?select=target!hint(...)` embeds, as PostgREST finds it: the target names a table or
// view, a foreign key constraint, or a column of a one-column key (not when the target is a view), a computed
// relationship's function, or, for a table's key to itself, the child rows by the table's name and the parent row by
// the key column's name. One match is embedded; none is PGRST200 with PostgREST's suggestion; several PGRST201.
import { ambiguousRelationship, noRelationship } from '../errors.ts';
import { fuzzyMatches } from './fuzzy.ts';
import { isComputed, relationshipsFrom, type AnyRelationship, type Relationship } from './relationships.ts';
import type { QualifiedName, SchemaCache } from './types.ts';

const singleColumn = (relationship: Relationship) =>
  relationship.junction === undefined && relationship.columns.length === 1 ? relationship.columns[0] : undefined;
const isOriginColumn = (relationship: Relationship, name: string) => singleColumn(relationship)?.[0] === name;
const isTargetColumn = (relationship: Relationship, name: string) => singleColumn(relationship)?.[1] === name;
const isConstraint = (relationship: Relationship, name: string) =>
  relationship.junction === undefined && relationship.constraint === name;

function matches(relationship: AnyRelationship, target: string, hint: string | undefined): boolean {
  if (isComputed(relationship)) return relationship.function.name === target;
  const namesTarget = relationship.foreignTable.name === target;
  if (relationship.isSelf) {
    if (hint === undefined) {
      return (
        (namesTarget && relationship.cardinality === 'one-to-many') ||
        (isOriginColumn(relationship, target) && relationship.cardinality === 'many-to-one')
      );
    }
    return namesTarget && relationship.cardinality === 'one-to-many' && isTargetColumn(relationship, hint);
  }
  if (hint === undefined) {
    return (
      namesTarget ||
      (!relationship.foreignIsView && (isConstraint(relationship, target) || isOriginColumn(relationship, target)))
    );
  }
  return (
    namesTarget &&
    (isConstraint(relationship, hint) ||
      isOriginColumn(relationship, hint) ||
      isTargetColumn(relationship, hint) ||
      relationship.junction?.table.name === hint)
  );
}

/**
 * "Perhaps you meant ...": when the origin has relationships, the closest other target of them; when it has none,
 * the closest table that has some.
 */
function suggestion(cache: SchemaCache, origin: QualifiedName, target: string): string | null {
  const own = relationshipsFrom(cache, origin);
  if (own.length > 0) {
    const targets = own.map((relationship) => relationship.foreignTable.name);
    const closest = fuzzyMatches(target, targets, 0.33).find((match) => match.score < 1);
    return closest ? `Perhaps you meant '${closest.candidate}' instead of '${target}'.` : null;
  }
  const origins = [...cache.tables.values()]
    .filter((table) => table.schema === origin.schema)
    .filter((table) => relationshipsFrom(cache, { schema: table.schema, name: table.name }).length > 0)
    .map((table) => table.name);
  const closest = fuzzyMatches(origin.name, origins, 0.33)[0];
  return closest ? `Perhaps you meant '${closest.candidate}' instead of '${origin.name}'.` : null;
}

/** The details PostgREST lists for each candidate of an ambiguous embedding (PGRST201). */
function describe(relationship: AnyRelationship): Record<string, string> {
  if (isComputed(relationship)) return {};
  const list = (columns: string[]) => `(${columns.join(', ')})`;
  const { table, foreignTable, junction } = relationship;
  const embedding = `${table.name} with ${foreignTable.name}`;
  if (junction) {
    const using = (side: { constraint: string; columns: [string, string][] }) =>
      `${side.constraint}${list(side.columns.map(([column]) => column))}`;
    return {
      embedding,
      cardinality: 'many-to-many',
      relationship: `${junction.table.name} using ${using(junction.source)} and ${using(junction.target)}`,
    };
  }
  const origins = list(relationship.columns.map(([column]) => column));
  const targets = list(relationship.columns.map(([, column]) => column));
  return {
    embedding,
    cardinality: relationship.cardinality,
    relationship: `${relationship.constraint} using ${table.name}${origins} and ${foreignTable.name}${targets}`,
  };
}

/** The `target!name` a client can write to pick one relationship. */
function hintFor(relationship: AnyRelationship): string {
  if (isComputed(relationship)) return '';
  const name = relationship.junction ? relationship.junction.table.name : relationship.constraint;
  return `'${relationship.foreignTable.name}!${name}'`;
}

export function findRelationship(
  cache: SchemaCache,
  origin: QualifiedName,
  target: string,
  hint: string | undefined,
): AnyRelationship {
  const candidates = relationshipsFrom(cache, origin).filter((relationship) => matches(relationship, target, hint));
  if (candidates.length === 1) return candidates[0];
  if (candidates.length === 0) {
    throw noRelationship(origin.name, target, origin.schema, suggestion(cache, origin, target), hint);
  }
  throw ambiguousRelationship(
    origin.name,
    target,
    candidates.map(describe),
    `Try changing '${target}' to one of the following: ${candidates.map(hintFor).join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}
