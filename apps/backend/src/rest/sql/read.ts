// Read plans as SQL: one SELECT per resource, embedded resources as lateral subqueries (to-one as a row object,
// to-many as a JSON array), and the count query of the top level.
import type { OrderTerm } from '../request/types.ts';
import type { EmbedPlan, PlannedField, ReadPlan, SpreadColumn } from '../plan/types.ts';
import { fieldSql, logicSql } from './filter.ts';
import { ident, qualified, typeName, type Params } from './fragments.ts';

/** How the columns of a read are qualified in its SQL: its alias, the CTE it reads, or the table's name. */
export function qualifierOf(plan: ReadPlan): string {
  if (plan.alias !== undefined) return ident(plan.alias);
  if (plan.fromCte !== undefined) return ident(plan.fromCte);
  return qualified(plan.from);
}

/** The rows a read starts from: its table, the CTE it reads, or a computed relationship's function. */
function sourceSql(plan: ReadPlan, parentQualifier: string | undefined): string {
  const call = plan.fromFunction;
  if (call === undefined) return plan.fromCte !== undefined ? ident(plan.fromCte) : qualified(plan.from);
  if (parentQualifier === undefined) throw new Error('sourceSql: a computed relationship is read only when embedded');
  // The parent's whole row, cast so that an overloaded function or a row read from a CTE finds its parameter type.
  return `${qualified(call.name)}(${parentQualifier}.*::${qualified(call.argumentType)})`;
}

function fromSql(plan: ReadPlan, parentQualifier?: string): string {
  const source = sourceSql(plan, parentQualifier);
  const alias = plan.alias !== undefined ? ` AS ${ident(plan.alias)}` : '';
  const junction = plan.join?.junction ? `, ${qualified(plan.join.junction.table)}` : '';
  return `FROM ${source}${alias}${junction}`;
}

function selectItemSql(qualifier: string, item: PlannedField, params: Params): string {
  // The whole row under a name: what a spread's `count()` counts once the resource it is spread into aggregates.
  if (item.field.name === '*' && item.aggregate === undefined && item.alias !== undefined) {
    return `${qualifier} AS ${ident(item.alias)}`;
  }
  let sql = fieldSql(qualifier, item.field, params);
  if (item.cast !== undefined) sql = `CAST(${sql} AS ${typeName(item.cast)})`;
  if (item.aggregate !== undefined) {
    sql = `${item.aggregate.toUpperCase()}(${sql})`;
    if (item.aggregateCast !== undefined) sql = `CAST(${sql} AS ${typeName(item.aggregateCast)})`;
  }
  return item.alias !== undefined ? `${sql} AS ${ident(item.alias)}` : sql;
}

/** Conditions joining an embedded read to its parent. */
function joinConditions(plan: ReadPlan, parentQualifier: string): string[] {
  const join = plan.join;
  if (!join) return [];
  const child = qualifierOf(plan);
  if (join.junction) {
    const junction = qualified(join.junction.table);
    return [
      ...join.junction.toChild.map((c) => `${child}.${ident(c.childColumn)} = ${junction}.${ident(c.parentColumn)}`),
      ...join.junction.toParent.map(
        (c) => `${junction}.${ident(c.childColumn)} = ${parentQualifier}.${ident(c.parentColumn)}`,
      ),
    ];
  }
  return join.conditions.map((c) => `${child}.${ident(c.childColumn)} = ${parentQualifier}.${ident(c.parentColumn)}`);
}

/** The keys a read puts in each object, when they are known without the table's columns (no `*`). */
function outputNames(plan: ReadPlan): string[] | undefined {
  if (plan.select.some((item) => item.field.name === '*' && item.alias === undefined)) return undefined;
  const names = plan.select.map((item) => item.alias ?? item.field.name);
  for (const embed of plan.embeds) {
    if (!embed.spread) names.push(embed.name);
    else if (embed.toOne) return undefined;
    else names.push(...(outputNames(embed.read) ?? []));
  }
  return names.length > 0 ? names : undefined;
}

/** A column of a to-one spread in a resource that aggregates: aggregated there, or selected to be grouped by. */
function spreadColumnSql(agg: string, column: SpreadColumn): string {
  const value = `${agg}.${ident(column.name)}`;
  if (column.aggregate === undefined) return value;
  let sql = `${column.aggregate.toUpperCase()}(${value})`;
  if (column.aggregateCast !== undefined) sql = `CAST(${sql} AS ${typeName(column.aggregateCast)})`;
  return column.alias !== undefined ? `${sql} AS ${ident(column.alias)}` : sql;
}

/** Embedded JSON is jsonb in a resource that aggregates, so that it can be grouped by. */
function embedSql(
  embed: EmbedPlan,
  parentQualifier: string,
  params: Params,
  aggregated: boolean,
): { select?: string; join: string } {
  const subquery = readSql(embed.read, params, parentQualifier);
  const agg = ident(embed.aggregateAlias);
  const joinType = embed.inner ? 'INNER' : 'LEFT';
  const outputs = embed.read.select.length > 0 || embed.read.embeds.length > 0;
  const json = aggregated ? '::jsonb' : '';
  if (embed.toOne) {
    const spread = embed.spreadColumns
      ? embed.spreadColumns.map((column) => spreadColumnSql(agg, column)).join(', ')
      : `${agg}.*`;
    const select = embed.spread ? spread : `row_to_json(${agg}.*)${json} AS ${ident(embed.name)}`;
    return { ...(outputs ? { select } : {}), join: `${joinType} JOIN LATERAL (${subquery}) AS ${agg} ON TRUE` };
  }
  const spreadNames = embed.spread ? outputNames(embed.read) : undefined;
  if (spreadNames) {
    // A spread to-many embed puts one array per selected column into the parent object.
    const arrays = spreadNames.map((name) => `json_agg(${agg}.${ident(name)}) AS ${ident(name)}`).join(', ');
    return {
      select: spreadNames.map((name) => `COALESCE(${agg}.${ident(name)}, '[]') AS ${ident(name)}`).join(', '),
      join: `${joinType} JOIN LATERAL (SELECT ${arrays} FROM (${subquery}) AS ${agg}) AS ${agg} ON ${embed.inner ? `${agg} IS NOT NULL` : 'TRUE'}`,
    };
  }
  const arrayOfRows = `SELECT json_agg(${agg}) AS ${agg} FROM (${subquery}) AS ${agg}`;
  return {
    ...(outputs ? { select: `COALESCE(${agg}.${agg}, '[]')${json} AS ${ident(embed.name)}` } : {}),
    join: `${joinType} JOIN LATERAL (${arrayOfRows}) AS ${agg} ON ${embed.inner ? `${agg} IS NOT NULL` : 'TRUE'}`,
  };
}

function orderSql(plan: ReadPlan, terms: OrderTerm[], params: Params): string {
  if (terms.length === 0) return '';
  const qualifier = qualifierOf(plan);
  const rendered = terms.map((term) => {
    const embed = term.relation === undefined ? undefined : plan.embeds.find((e) => e.name === term.relation);
    const target = embed
      ? fieldSql(ident(embed.aggregateAlias), term.field, params)
      : fieldSql(qualifier, term.field, params);
    const direction = term.direction ? ` ${term.direction.toUpperCase()}` : '';
    const nulls = term.nulls ? ` NULLS ${term.nulls.toUpperCase()}` : '';
    return `${target}${direction}${nulls}`;
  });
  return ` ORDER BY ${rendered.join(', ')}`;
}

function rangeSql(plan: ReadPlan, params: Params): string {
  const { offset, limit } = plan.range;
  if (limit === undefined && offset === 0) return '';
  return ` LIMIT ${limit === undefined ? 'ALL' : params.add(String(limit))} OFFSET ${params.add(String(offset))}`;
}

/** Whether a read aggregates, in its own columns or in those of its to-one spreads. */
function aggregates(plan: ReadPlan): boolean {
  return (
    plan.select.some((item) => item.aggregate !== undefined) ||
    plan.embeds.some((embed) => embed.spreadColumns?.some((column) => column.aggregate !== undefined))
  );
}

/** When a read aggregates, its other columns, its spreads' other columns and its embedded JSON group the rows. */
function groupSql(plan: ReadPlan, qualifier: string, params: Params): string {
  const terms = plan.select
    .filter((item) => item.aggregate === undefined)
    .map((item) => (item.alias !== undefined ? ident(item.alias) : fieldSql(qualifier, item.field, params)));
  for (const embed of plan.embeds) {
    const agg = ident(embed.aggregateAlias);
    const plainColumns = (embed.spreadColumns ?? []).filter((column) => column.aggregate === undefined);
    terms.push(...plainColumns.map((column) => `${agg}.${ident(column.name)}`));
    const hasOutputs = embed.read.select.length > 0 || embed.read.embeds.length > 0;
    if (!embed.spread && hasOutputs) terms.push(ident(embed.name));
  }
  return terms.length > 0 ? ` GROUP BY ${terms.join(', ')}` : '';
}

/** The SELECT of one read; `parentQualifier` is set for an embedded read, whose join it completes. */
export function readSql(plan: ReadPlan, params: Params, parentQualifier?: string): string {
  const qualifier = qualifierOf(plan);
  const aggregated = aggregates(plan);
  const embeds = plan.embeds.map((embed) => embedSql(embed, qualifier, params, aggregated));
  const fields = plan.select.map((item) => selectItemSql(qualifier, item, params));
  const embedSelects = embeds.flatMap((embed) => (embed.select ? [embed.select] : []));
  const selects = fields.length === 0 && embedSelects.length === 0 ? [`${qualifier}.*`] : [...fields, ...embedSelects];
  const conditions = [
    ...plan.where.map((tree) => logicSql(qualifier, tree, params)),
    ...plan.embedFilters.map((f) => `${ident(f.aggregateAlias)} IS ${f.isNull ? 'NOT ' : ''}DISTINCT FROM NULL`),
    ...(parentQualifier === undefined ? [] : joinConditions(plan, parentQualifier)),
  ];
  const joins = embeds.map((embed) => ` ${embed.join}`).join('');
  const where = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
  return `SELECT ${selects.join(', ')} ${fromSql(plan, parentQualifier)}${joins}${where}${aggregated ? groupSql(plan, qualifier, params) : ''}${orderSql(plan, plan.order, params)}${rangeSql(plan, params)}`;
}

/** Counts the rows the top level matches, before limit and offset; inner embeds must have a match. */
export function countSql(plan: ReadPlan, params: Params, parentQualifier?: string): string {
  const qualifier = qualifierOf(plan);
  const conditions = [
    ...plan.where.map((tree) => logicSql(qualifier, tree, params)),
    ...(parentQualifier === undefined ? [] : joinConditions(plan, parentQualifier)),
    ...plan.embeds.filter((embed) => embed.inner).map((embed) => `EXISTS (${countSql(embed.read, params, qualifier)})`),
    ...plan.embedFilters.map((f) => {
      const embed = plan.embeds.find((candidate) => candidate.aggregateAlias === f.aggregateAlias)!;
      return `${f.isNull ? 'NOT ' : ''}EXISTS (${countSql(embed.read, params, qualifier)})`;
    }),
  ];
  return `SELECT 1 ${fromSql(plan, parentQualifier)}${conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : ''}`;
}
