// Mutation plans: insert (with upsert on a conflict target), update and delete of one table, with the columns
// taken from the body's keys (or `columns=`) checked against the schema cache, and what to return.
import { columnNotFound, invalidFilters, putMatchingPkError } from '../errors.ts';
import type { ApiRequest, LogicTree, Payload } from '../request/types.ts';
import type { Column, Table } from '../schema/types.ts';
import type { Conflict, MutatePlan, ReadPlan } from './types.ts';

function payloadColumns(table: Table, request: ApiRequest): Column[] {
  const payload = request.payload;
  // PUT takes its columns from the body alone, as PostgREST reads it; `columns=` applies to POST and PATCH.
  const columns = request.action.kind === 'upsert' ? undefined : request.query.columns;
  const names = columns ?? (payload?.kind === 'json' ? payload.keys : []);
  return [...new Set(names)].map((name) => {
    const column = table.columns.find((candidate) => candidate.name === name);
    if (!column) throw columnNotFound(table.name, name);
    return column;
  });
}

/**
 * The base columns the representation reads from the mutated rows: all of them when `*` is selected, or when a
 * computed relationship's function takes the whole row.
 */
function selectedColumns(read: ReadPlan): string[] {
  if (read.select.length === 0 && read.embeds.length === 0) return ['*'];
  if (read.select.some((field) => field.field.name === '*')) return ['*'];
  if (read.embeds.some((embed) => embed.read.fromFunction !== undefined)) return ['*'];
  const names = new Set(read.select.map((field) => field.field.name));
  for (const embed of read.embeds) {
    for (const condition of embed.read.join?.conditions ?? []) names.add(condition.parentColumn);
    for (const condition of embed.read.join?.junction?.toParent ?? []) names.add(condition.parentColumn);
  }
  return [...names];
}

function returning(request: ApiRequest, table: Table, read: ReadPlan, isInsert: boolean): string[] {
  const representation = request.preferences.representation;
  if (representation === 'full') return selectedColumns(read);
  if (representation === 'headers-only' && isInsert) return table.primaryKey;
  return [];
}

const rootWhere = (read: ReadPlan): LogicTree[] => read.where;

/** PUT names its row by every primary key column with `eq`, and by nothing else. */
function checkPutFilters(request: ApiRequest, table: Table): void {
  const root = request.query.filters.filter((f) => f.path.length === 0).map((f) => f.filter);
  const fields = new Set(root.map((filter) => filter.field.name));
  const primaryKey = new Set(table.primaryKey);
  const onlyEq = root.every(
    (filter) =>
      !filter.expr.negated &&
      filter.field.jsonPath.length === 0 &&
      filter.expr.operation.kind === 'simple' &&
      filter.expr.operation.operator === 'eq' &&
      filter.expr.operation.quantifier === undefined,
  );
  const sameColumns = fields.size === primaryKey.size && [...fields].every((name) => primaryKey.has(name));
  const hasLogic = request.query.logic.some((l) => l.path.length === 0);
  if (primaryKey.size === 0 || !sameColumns || !onlyEq || hasLogic) throw invalidFilters();
  // A body without the key cannot match the row the URL names.
  const payload = request.payload;
  const keys = payload?.kind === 'json' ? payload.keys : [];
  if (!table.primaryKey.every((column) => keys.includes(column))) throw putMatchingPkError();
}

export function planMutation(request: ApiRequest, table: Table, read: ReadPlan): MutatePlan {
  const name = { schema: table.schema, name: table.name };
  const action = request.action.kind;
  const applyDefaults = request.preferences.missing === 'default';
  const body = request.payload as Payload;
  if (action === 'create') {
    const resolution = request.preferences.resolution;
    const conflictColumns = request.query.onConflict ?? table.primaryKey;
    const conflict: Conflict | undefined =
      resolution && conflictColumns.length > 0 ? { resolution, columns: conflictColumns } : undefined;
    return {
      kind: 'insert',
      table: name,
      columns: payloadColumns(table, request),
      body,
      ...(conflict ? { conflict } : {}),
      returning: returning(request, table, read, true),
      applyDefaults,
    };
  }
  if (action === 'upsert') {
    checkPutFilters(request, table);
    return {
      kind: 'insert',
      table: name,
      columns: payloadColumns(table, request),
      body,
      conflict: { resolution: 'merge-duplicates', columns: table.primaryKey },
      where: rootWhere(read),
      returning: returning(request, table, read, false),
      applyDefaults: false,
    };
  }
  if (action === 'update') {
    return {
      kind: 'update',
      table: name,
      columns: payloadColumns(table, request),
      body,
      where: rootWhere(read),
      returning: returning(request, table, read, false),
      applyDefaults,
    };
  }
  return { kind: 'delete', table: name, where: rootWhere(read), returning: returning(request, table, read, false) };
}
