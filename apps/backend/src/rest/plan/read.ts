// The read plan: the select forest becomes a tree of reads (one per embedded resource), each with its filters,
// logic trees, order and range taken from the parameters whose embed path names it.
import {
  aggregatesNotAllowed,
  duplicateEmbedName,
  notEmbedded,
  relatedOrderNotToOne,
  unacceptableFilter,
} from '../errors.ts';
import type { ApiRequest, EmbedPath, Field, LogicTree, SelectField, SelectItem } from '../request/types.ts';
import { findTable, type QualifiedName, type SchemaCache } from '../schema/types.ts';
import { planEmbed } from './embed.ts';
import { applySpreadAggregates } from './spread-aggregates.ts';
import type { PlannedField, ReadPlan } from './types.ts';

const samePath = (a: EmbedPath, b: EmbedPath) => a.length === b.length && a.every((name, i) => name === b[i]);

/**
 * The key a JSON path yields when no alias is given, as PostgREST names it: the path's last key, indexes passed
 * over (`data->c->0` is `c`), or the column's name when the path has only indexes.
 */
function jsonPathAlias(field: Field): string | undefined {
  if (field.jsonPath.length === 0) return undefined;
  const keys = field.jsonPath.filter((step) => !step.index);
  return keys.length > 0 ? keys[keys.length - 1].operand : field.name;
}

function planField(item: SelectField): PlannedField {
  const planned: PlannedField = { field: item.field };
  const alias = item.alias ?? jsonPathAlias(item.field);
  if (alias !== undefined) planned.alias = alias;
  if (item.cast !== undefined) planned.cast = item.cast;
  if (item.aggregate !== undefined) planned.aggregate = item.aggregate;
  if (item.aggregateCast !== undefined) planned.aggregateCast = item.aggregateCast;
  return planned;
}

type FieldResolver = (field: Field) => Field;

/**
 * JSON paths apply to json and jsonb columns as they are (so their indexes serve); any other column, a composite,
 * an array or one the schema cache does not know, is turned into jsonb first, as PostgREST does.
 */
function jsonFieldResolver(cache: SchemaCache, from: QualifiedName): FieldResolver {
  const columns = findTable(cache, from.schema, from.name)?.columns ?? [];
  return (field) => {
    if (field.jsonPath.length === 0 || field.name === '*') return field;
    const column = columns.find((candidate) => candidate.name === field.name);
    const type = column?.nominalType ?? column?.type;
    return type === 'json' || type === 'jsonb' ? field : { ...field, toJson: true };
  };
}

function resolveTree(tree: LogicTree, resolve: FieldResolver): LogicTree {
  if (tree.kind === 'filter') return { kind: 'filter', filter: { ...tree.filter, field: resolve(tree.filter.field) } };
  return { ...tree, children: tree.children.map((child) => resolveTree(child, resolve)) };
}

export interface ReadContext {
  cache: SchemaCache;
  request: ApiRequest;
  /** Numbers the lateral subqueries of embedded resources. */
  nextAlias: () => string;
}

function readContext(cache: SchemaCache, request: ApiRequest): ReadContext {
  let counter = 0;
  return { cache, request, nextAlias: () => `pgrst_${++counter}` };
}

/** Builds the read of `from` for the select items found at `path` (the top level is []). */
export function planReadTree(
  context: ReadContext,
  from: QualifiedName,
  items: SelectItem[],
  path: EmbedPath,
  alias?: string,
): ReadPlan {
  const { request } = context;
  const query = request.query;
  const resolve = jsonFieldResolver(context.cache, from);
  const where: LogicTree[] = [
    ...query.filters
      .filter((f) => samePath(f.path, path))
      .map((f): LogicTree => ({ kind: 'filter', filter: f.filter })),
    ...query.logic.filter((l) => samePath(l.path, path)).map((l) => l.tree),
  ].map((tree) => resolveTree(tree, resolve));
  const plan: ReadPlan = {
    from,
    select: items
      .filter((item): item is SelectField => item.kind === 'field')
      .map((item) => planField({ ...item, field: resolve(item.field) })),
    where,
    order: query.order
      .filter((o) => samePath(o.path, path))
      .flatMap((o) => o.terms)
      // A related term names a column of the embedded resource, whose type this read does not know.
      .map((term) => (term.relation === undefined ? { ...term, field: resolve(term.field) } : term)),
    range: path.length === 0 ? request.topLevelRange : (query.ranges.get(path.join('.')) ?? { offset: 0 }),
    embeds: [],
    embedFilters: [],
  };
  if (alias !== undefined) plan.alias = alias;
  for (const item of items) {
    if (item.kind === 'relation') plan.embeds.push(planEmbed(context, plan, item, path));
  }
  takeEmbedFilters(plan);
  checkRelatedOrder(plan);
  if (path.length === 0) {
    applySpreadAggregates(context.cache, plan, false);
    checkEmbedNames(plan, 1);
  }
  return plan;
}

/** `order=client(name)` orders by an embedded resource of this read, and only by one that is to-one. */
function checkRelatedOrder(plan: ReadPlan): void {
  for (const term of plan.order) {
    if (term.relation === undefined) continue;
    const embed = plan.embeds.find((candidate) => candidate.name === term.relation);
    if (!embed) throw notEmbedded(term.relation);
    if (!embed.toOne) throw relatedOrderNotToOne(plan.from.name, embed.name);
  }
}

/** Every resource embeds each name once, or PostgreSQL would meet one join alias twice (42712). */
function checkEmbedNames(plan: ReadPlan, depth: number): void {
  const seen = new Set<string>();
  for (const embed of plan.embeds) {
    if (seen.has(embed.name)) throw duplicateEmbedName(`${plan.from.name}_${embed.name}_${depth}`);
    seen.add(embed.name);
  }
  for (const embed of plan.embeds) checkEmbedNames(embed.read, depth + 1);
}

/** `clients=not.is.null` filters by whether an embedded resource has a match; no other operator applies to it. */
function takeEmbedFilters(plan: ReadPlan): void {
  const remaining: LogicTree[] = [];
  for (const tree of plan.where) {
    const embed =
      tree.kind === 'filter' && tree.filter.field.jsonPath.length === 0
        ? plan.embeds.find((candidate) => candidate.name === tree.filter.field.name)
        : undefined;
    if (!embed || tree.kind !== 'filter') {
      remaining.push(tree);
      continue;
    }
    const { operation, negated } = tree.filter.expr;
    if (operation.kind !== 'is' || operation.value !== 'null') throw unacceptableFilter(embed.name);
    plan.embedFilters.push({ aggregateAlias: embed.aggregateAlias, isNull: !negated });
  }
  plan.where = remaining;
}

/**
 * count(), sum() and the others anywhere in the select are PGRST123 unless the database enables them with
 * `pgrst.db_aggregates_enabled`: PostgREST leaves them off, since one can make the database scan a whole table.
 */
function checkAggregatesAllowed(items: SelectItem[], cache: SchemaCache): void {
  if (cache.aggregatesEnabled) return;
  const aggregates = (list: SelectItem[]): boolean =>
    list.some((item) => (item.kind === 'field' ? item.aggregate !== undefined : aggregates(item.children)));
  if (aggregates(items)) throw aggregatesNotAllowed();
}

/**
 * The read of a request's `select=` from `from`, the top of the tree its embeds hang from: its embed paths and its
 * aggregates checked as PostgREST checks them, for a table's request and a function's call alike.
 */
export function planRootRead(cache: SchemaCache, request: ApiRequest, from: QualifiedName): ReadPlan {
  checkEmbedPaths(request);
  const read = planReadTree(readContext(cache, request), from, request.query.select, []);
  checkAggregatesAllowed(request.query.select, cache);
  return read;
}

/** Every embed path a parameter names must be an embedded resource of the select. */
function checkEmbedPaths(request: ApiRequest): void {
  const known = new Set<string>(['']);
  const walk = (items: SelectItem[], path: EmbedPath) => {
    for (const item of items) {
      if (item.kind !== 'relation') continue;
      const next = [...path, item.alias ?? item.relation];
      known.add(next.join('\u0000'));
      walk(item.children, next);
    }
  };
  walk(request.query.select, []);
  const query = request.query;
  const paths = [
    ...query.filters.map((f) => f.path),
    ...query.logic.map((l) => l.path),
    ...query.order.map((o) => o.path),
    ...[...query.ranges.keys()].map((key) => (key === '' ? [] : key.split('.'))),
  ];
  for (const path of paths) {
    if (!known.has(path.join('\u0000'))) throw notEmbedded(path.join('.'));
  }
}
