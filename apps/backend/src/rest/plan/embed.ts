// Embedded resources: `select=*,client(name),tasks!inner(*)` picks one relationship per embedding (see
// find-relationship.ts) and plans the embedded read joined to its parent, or read from a computed relationship's
// function of the parent's row.
import type { EmbedPath, SelectRelation } from '../request/types.ts';
import { isComputed, type Relationship } from '../schema/relationships.ts';
import { findRelationship } from '../schema/find-relationship.ts';
import type { QualifiedName, SchemaCache } from '../schema/types.ts';
import { planReadTree, type ReadContext } from './read.ts';
import { applySpreadAggregates, hoistFromSpread } from './spread-aggregates.ts';
import type { EmbedPlan, ReadPlan } from './types.ts';

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
  const relationship = findRelationship(cache, origin, item.relation, item.hint);
  if (isComputed(relationship)) {
    return {
      target: relationship.foreignTable,
      toOne: relationship.toOne,
      link: { fromFunction: { name: relationship.function, argumentType: relationship.table } },
    };
  }
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
  const embed: EmbedPlan = {
    read,
    name,
    aggregateAlias: context.nextAlias(),
    toOne,
    inner: item.joinType === 'inner',
    spread: item.spread,
  };
  if (item.spread && toOne) embed.hoisted = hoistFromSpread(read);
  else applySpreadAggregates(context.cache, read, item.spread);
  return embed;
}
