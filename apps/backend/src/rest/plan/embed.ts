// Embedded resources: `select=*,client(name),tasks!inner(*)` picks one relationship per embedding (a hint
// chooses among several) and plans the embedded read joined to its parent.
import { ambiguousRelationship, noRelationship } from '../errors.ts';
import type { EmbedPath, SelectRelation } from '../request/types.ts';
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

/** Tables related to `origin` by any foreign key, for "Perhaps you meant" hints. */
function relatedNames(cache: SchemaCache, origin: QualifiedName): string[] {
  const names = new Set<string>();
  for (const fk of cache.foreignKeys) {
    if (fk.table.schema === origin.schema && fk.table.name === origin.name) names.add(fk.foreignTable.name);
    if (fk.foreignTable.schema === origin.schema && fk.foreignTable.name === origin.name) names.add(fk.table.name);
  }
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

export function planEmbed(context: ReadContext, parent: ReadPlan, item: SelectRelation, path: EmbedPath): EmbedPlan {
  const relationship = resolve(context.cache, parent.from, item);
  const name = item.alias ?? item.relation;
  const childPath = [...path, name];
  const read = planReadTree(
    context,
    relationship.foreignTable,
    item.children,
    childPath,
    `${item.relation}_${childPath.length}`,
  );
  read.join = joinOf(relationship);
  const toOne = relationship.cardinality === 'many-to-one' || relationship.cardinality === 'one-to-one';
  return {
    read,
    name,
    aggregateAlias: context.nextAlias(),
    toOne,
    inner: item.joinType === 'inner',
    spread: item.spread,
  };
}
