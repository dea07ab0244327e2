// Embedded resources: `select=*,client(name),tasks!inner(*)` picks one relationship per embedding (a hint
// chooses among several) and plans the embedded read joined to its parent, or read from a computed relationship's
// function of the parent's row.
import { ambiguousRelationship, noRelationship } from '../errors.ts';
import type { EmbedPath, SelectRelation } from '../request/types.ts';
import { computedRelationshipsOf, findComputedRelationship } from '../schema/computed.ts';
import { closestMatch } from '../schema/fuzzy.ts';
import {
  describeRelationship,
  matchesHint,
  relationshipHint,
  relationshipsBetween,
  type Relationship,
} from '../schema/relationships.ts';
import type { QualifiedName, SchemaCache } from '../schema/types.ts';
import { findTable } from '../schema/types.ts';
import { planReadTree, type ReadContext } from './read.ts';
import type { EmbedPlan, ReadPlan } from './types.ts';

/** Tables related to `origin`, for "Perhaps you meant" hints; a computed relationship overrides a table's name. */
function relatedNames(cache: SchemaCache, origin: QualifiedName): string[] {
  const computed = computedRelationshipsOf(cache, origin);
  const overridden = new Set(computed.map((relationship) => relationship.function.name));
  const names = new Set<string>();
  for (const fk of cache.foreignKeys) {
    if (fk.table.schema === origin.schema && fk.table.name === origin.name) names.add(fk.foreignTable.name);
    if (fk.foreignTable.schema === origin.schema && fk.foreignTable.name === origin.name) names.add(fk.table.name);
  }
  for (const name of overridden) names.delete(name);
  for (const relationship of computed) names.add(relationship.foreignTable.name);
  return [...names];
}

function resolve(cache: SchemaCache, origin: QualifiedName, item: SelectRelation): Relationship {
  const target = { schema: origin.schema, name: item.relation };
  const all = findTable(cache, target.schema, target.name) ? relationshipsBetween(cache, origin, target) : [];
  const candidates =
    item.hint === undefined ? all : all.filter((relationship) => matchesHint(relationship, item.hint!));
  if (candidates.length === 1) return candidates[0];
  if (candidates.length === 0) {
    const suggestion = all.length > 0 ? null : closestMatch(item.relation, relatedNames(cache, origin), 0.33);
    const hint =
      suggestion === null || suggestion === item.relation
        ? null
        : `Perhaps you meant '${suggestion}' instead of '${item.relation}'.`;
    throw noRelationship(origin.name, item.relation, origin.schema, hint, item.hint);
  }
  throw ambiguousRelationship(
    origin.name,
    item.relation,
    candidates.map(describeRelationship),
    `Try changing '${item.relation}' to one of the following: ${candidates.map(relationshipHint).join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

function joinOf(relationship: Relationship): NonNullable<ReadPlan['join']> {
  if (relationship.junction) {
    const { junction } = relationship;
    return {
      conditions: [],
      junction: {
        table: junction.table,
        // junction.column = target.column, and junction.column = origin.column
        toChild: junction.target.columns.map(([junctionColumn, childColumn]) => ({
          parentColumn: junctionColumn,
          childColumn,
        })),
        toParent: junction.source.columns.map(([junctionColumn, parentColumn]) => ({
          parentColumn,
          childColumn: junctionColumn,
        })),
      },
    };
  }
  return { conditions: relationship.columns.map(([parentColumn, childColumn]) => ({ parentColumn, childColumn })) };
}

/** What an embedding reads and how it ties to its parent's row. */
function sourceOf(
  cache: SchemaCache,
  origin: QualifiedName,
  item: SelectRelation,
): { target: QualifiedName; toOne: boolean; link: Pick<ReadPlan, 'join' | 'fromFunction'> } {
  const computed = findComputedRelationship(cache, origin, item.relation);
  if (computed) {
    return {
      target: computed.foreignTable,
      toOne: computed.toOne,
      link: { fromFunction: { name: computed.function, argumentType: computed.table } },
    };
  }
  const relationship = resolve(cache, origin, item);
  return {
    target: relationship.foreignTable,
    toOne: relationship.cardinality === 'many-to-one' || relationship.cardinality === 'one-to-one',
    link: { join: joinOf(relationship) },
  };
}

export function planEmbed(context: ReadContext, parent: ReadPlan, item: SelectRelation, path: EmbedPath): EmbedPlan {
  const { target, toOne, link } = sourceOf(context.cache, parent.from, item);
  const name = item.alias ?? item.relation;
  const childPath = [...path, name];
  const read = planReadTree(context, target, item.children, childPath, `${item.relation}_${childPath.length}`);
  Object.assign(read, link);
  return {
    read,
    name,
    aggregateAlias: context.nextAlias(),
    toOne,
    inner: item.joinType === 'inner',
    spread: item.spread,
  };
}
