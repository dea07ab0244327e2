// Aggregates beside spread embeds, as PostgREST plans them: an aggregate in a to-one spread (`...details(id.sum())`)
// is taken out of the spread's subquery and computed in the resource it is spread into, through spreads of spreads;
// a resource that aggregates lists its to-one spreads' columns one by one so that the others can be grouped by.
// Aggregates in a to-many spread are not implemented, as in PostgREST.
import { notImplemented } from '../errors.ts';
import type { SchemaCache } from '../schema/types.ts';
import { findTable } from '../schema/types.ts';
import type { EmbedPlan, HoistedAggregate, PlannedField, ReadPlan, SpreadColumn } from './types.ts';

const isToOneSpread = (embed: EmbedPlan) => embed.spread && embed.toOne;

/** The name a `count()` over the whole row gets once it leaves its spread. */
const outputName = (field: PlannedField) => field.alias ?? (field.field.name === '*' ? 'count' : field.field.name);

/**
 * Takes the aggregates out of a to-one spread's columns (the subquery then selects the plain column under the name
 * the aggregate will read) and returns them with those its own to-one spreads handed up.
 */
export function hoistFromSpread(read: ReadPlan): HoistedAggregate[] {
  const hoisted: HoistedAggregate[] = [];
  read.select = read.select.map((field) => {
    if (field.aggregate === undefined) return field;
    const name = outputName(field);
    const alias = field.field.name === '*' ? name : field.alias;
    hoisted.push({
      name,
      aggregate: field.aggregate,
      ...(field.aggregateCast !== undefined ? { aggregateCast: field.aggregateCast } : {}),
      ...(alias !== undefined ? { alias } : {}),
    });
    const plain: PlannedField = { field: field.field };
    if (field.cast !== undefined) plain.cast = field.cast;
    if (field.field.name === '*' || field.alias !== undefined) plain.alias = name;
    return plain;
  });
  for (const embed of read.embeds) if (isToOneSpread(embed)) hoisted.push(...(embed.hoisted ?? []));
  return hoisted;
}

/** The columns a to-one spread's subquery outputs, `*` read from the table; undefined when they cannot be known. */
function spreadOutputs(cache: SchemaCache, read: ReadPlan): string[] | undefined {
  const names: string[] = [];
  for (const field of read.select) {
    if (field.field.name === '*' && field.alias === undefined) {
      const table = findTable(cache, read.from.schema, read.from.name);
      if (!table) return undefined;
      names.push(...table.columns.map((column) => column.name));
    } else {
      names.push(outputName(field));
    }
  }
  for (const embed of read.embeds) {
    if (!embed.spread) names.push(embed.name);
    else if (embed.toOne) {
      const nested = spreadOutputs(cache, embed.read);
      if (!nested) return undefined;
      names.push(...nested);
    } else return undefined;
  }
  return names;
}

/**
 * For a resource that is not itself a to-one spread: when it aggregates (in its own columns or through its to-one
 * spreads), its to-one spreads are selected column by column, with the aggregates they handed up.
 */
export function applySpreadAggregates(cache: SchemaCache, read: ReadPlan, isToManySpread: boolean): void {
  const spreads = read.embeds.filter(isToOneSpread);
  const ownAggregates = read.select.some((field) => field.aggregate !== undefined);
  const handedUp = spreads.some((embed) => (embed.hoisted ?? []).length > 0);
  if (isToManySpread && (ownAggregates || handedUp)) {
    throw notImplemented('Aggregates are not implemented for one-to-many or many-to-many spreads.');
  }
  if (!ownAggregates && !handedUp) return;
  for (const embed of spreads) {
    const names = spreadOutputs(cache, embed.read);
    if (!names) continue;
    embed.spreadColumns = names.map((name): SpreadColumn => {
      const aggregate = embed.hoisted?.find((hoisted) => hoisted.name === name);
      return aggregate ? { ...aggregate } : { name };
    });
  }
}
