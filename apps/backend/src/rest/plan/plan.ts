// The plan stage: the request AST and the schema cache make an action plan (read, mutate or call). Pure.
import { tableNotFound } from '../errors.ts';
import { restrictRange } from '../request/range.ts';
import type { ApiRequest } from '../request/types.ts';
import { closestMatch } from '../schema/fuzzy.ts';
import type { SchemaCache, Table } from '../schema/types.ts';
import { findTable } from '../schema/types.ts';
import { planCall } from './call.ts';
import { planMutation } from './mutate.ts';
import { negotiate } from './negotiate.ts';
import { planRootRead } from './read.ts';
import type { ActionPlan, ReadPlan } from './types.ts';

export interface PlanOptions {
  /** `[api] max_rows`: the most rows a read returns. */
  maxRows?: number;
}

/** The cached table or view named by the request, or PGRST205 with PostgREST's suggestion. */
export function findRelation(cache: SchemaCache, schema: string, name: string): Table {
  const table = findTable(cache, schema, name);
  if (table) return table;
  const names = [...cache.tables.values()].filter((t) => t.schema === schema).map((t) => t.name);
  throw tableNotFound(schema, name, closestMatch(name, names, 0.75));
}

export function planRequest(request: ApiRequest, cache: SchemaCache, options: PlanOptions = {}): ActionPlan {
  const { action, target } = request;
  if (target.kind === 'routine' && action.kind === 'call') return planCall(request, cache, options);
  if (target.kind !== 'relation') throw new Error('planRequest: the root is answered without a plan');
  const table = findRelation(cache, request.schema, target.name);
  const name = { schema: table.schema, name: table.name };
  const read = planRootRead(cache, request, name);
  const { format, media } = negotiate(request.accepts, cache.planEnabled);

  if (action.kind === 'read') {
    read.range = restrictRange(read.range, options.maxRows);
    const mode = request.preferences.count;
    // Without max_rows an estimate is never needed: the exact count is cheap enough, as PostgREST decides.
    const estimated = mode === 'estimated' && options.maxRows !== undefined;
    return {
      kind: 'read',
      read,
      count: mode === 'exact' || mode === 'estimated',
      ...(mode === 'planned' || estimated ? { plannedCount: mode } : {}),
      ...(estimated ? { countCap: options.maxRows } : {}),
      format: action.headOnly ? { kind: 'none' } : format,
      media,
      headOnly: action.headOnly,
    };
  }
  if (action.kind === 'create' || action.kind === 'upsert' || action.kind === 'update' || action.kind === 'delete') {
    const mutate = planMutation(request, table, read);
    // The representation reads the mutated rows as they are now: the filters chose them already.
    const representation: ReadPlan = {
      ...read,
      fromCte: 'pgrst_source',
      where: [],
      embedFilters: [],
      range: { offset: 0 },
    };
    const prefers = request.preferences.representation ?? 'minimal';
    return {
      kind: 'mutate',
      mutation: action.kind,
      mutate,
      read: representation,
      format: prefers === 'full' ? format : { kind: 'none' },
      media,
      representation: prefers,
      primaryKey: table.primaryKey,
    };
  }
  throw new Error(`planRequest: unexpected action ${action.kind}`);
}
