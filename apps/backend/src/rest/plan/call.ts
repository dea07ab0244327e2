// Function calls (`/rpc/fn`): the overload whose parameters match the arguments given (the JSON body's keys on
// POST, the query parameters on GET), and a read plan over its result (select, filters, order, embedding).
import { ambiguousFunction, noFunction } from '../errors.ts';
import { restrictRange } from '../request/range.ts';
import type { ApiRequest } from '../request/types.ts';
import { closestMatch } from '../schema/fuzzy.ts';
import type { Routine, SchemaCache } from '../schema/types.ts';
import { findRoutines } from '../schema/types.ts';
import { negotiate } from './negotiate.ts';
import { checkEmbedPaths, planReadTree, readContext } from './read.ts';
import type { ActionPlan, CallAction } from './types.ts';

const RAW_BODY_TYPES = new Set(['json', 'jsonb', 'text', 'xml', 'bytea']);
const isSingleUnnamed = (routine: Routine) =>
  routine.params.length === 1 && routine.params[0].name === '' && RAW_BODY_TYPES.has(routine.params[0].type);
const isSingleJson = (routine: Routine) =>
  routine.params.length === 1 && (routine.params[0].type === 'json' || routine.params[0].type === 'jsonb');

function matches(routine: Routine, keys: string[]): boolean {
  const names = routine.params.map((param) => param.name);
  return (
    routine.params.every((param) => !param.required || keys.includes(param.name)) &&
    keys.every((key) => names.includes(key))
  );
}

function notFound(request: ApiRequest, cache: SchemaCache, name: string, keys: string[], overloads: Routine[]): Error {
  const qualified = `${request.schema}.${name}`;
  const list = keys.length === 0 ? ' without parameters' : `(${keys.join(', ')})`;
  const withParams =
    keys.length === 0 ? ' without parameters' : ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`;
  const jsonAlternative = request.method === 'POST' ? ' or with a single unnamed json/jsonb parameter' : '';
  let suggestion: string | null;
  if (overloads.length === 0) {
    const names = [...cache.routines.values()]
      .flat()
      .filter((r) => r.schema === request.schema)
      .map((r) => r.name);
    suggestion = closestMatch(name, names, 0.75);
  } else {
    const asList = (params: string[]) => `(${[...params].sort().join(', ')})`;
    const best = closestMatch(
      asList(keys),
      overloads.map((r) => asList(r.params.map((p) => p.name))),
      0.33,
    );
    suggestion = best === null ? null : `${name}${best}`;
  }
  return noFunction(
    `Could not find the function ${qualified}${list} in the schema cache`,
    `Searched for the function ${qualified}${withParams}${jsonAlternative}, but no matches were found in the schema cache.`,
    suggestion === null ? null : `Perhaps you meant to call the function ${request.schema}.${suggestion}`,
  );
}

/** The arguments as one JSON object; on GET, repeated parameters of array type become arrays. */
function argumentsOf(request: ApiRequest, routine: Routine): CallAction['args'] {
  const payload = request.payload;
  if (request.action.kind === 'call' && request.action.method === 'POST' && payload) {
    if (isSingleUnnamed(routine) || (request.preferences.params === 'single-object' && isSingleJson(routine))) {
      return { kind: 'single', value: payload.raw, type: routine.params[0].type };
    }
    const names = request.query.columns ?? (payload.kind === 'json' ? payload.keys : routine.params.map((p) => p.name));
    return { kind: 'object', json: payload.raw, names };
  }
  const values: Record<string, string | string[]> = {};
  for (const [key, value] of request.query.rpcParams) {
    const isArray = routine.params.find((param) => param.name === key)?.type.endsWith('[]');
    const previous = values[key];
    values[key] = isArray ? [...(Array.isArray(previous) ? previous : []), value] : value;
  }
  return { kind: 'object', json: JSON.stringify(values), names: Object.keys(values) };
}

function argumentKeys(request: ApiRequest): string[] {
  const payload = request.payload;
  if (request.method === 'POST')
    return [...(request.query.columns ?? (payload?.kind === 'json' ? payload.keys : []))].sort();
  return [...new Set(request.query.rpcParams.map(([key]) => key))];
}

export function findRoutine(request: ApiRequest, cache: SchemaCache, name: string): Routine {
  const overloads = findRoutines(cache, request.schema, name);
  const keys = argumentKeys(request);
  const isPost = request.method === 'POST';
  let candidates = overloads.filter((routine) => matches(routine, keys));
  if (candidates.length === 0 && isPost) {
    const singleObject = request.preferences.params === 'single-object';
    candidates = overloads.filter((routine) => isSingleUnnamed(routine) || (singleObject && isSingleJson(routine)));
  }
  if (candidates.length === 1) return candidates[0];
  if (candidates.length === 0) throw notFound(request, cache, name, keys, overloads);
  const describe = (r: Routine) => `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`;
  throw ambiguousFunction(
    `Could not choose the best candidate function between: ${candidates.map(describe).join(', ')}`,
  );
}

export function planCall(request: ApiRequest, cache: SchemaCache, options: { maxRows?: number }): ActionPlan {
  const name = request.target.kind === 'routine' ? request.target.name : '';
  const routine = findRoutine(request, cache, name);
  checkEmbedPaths(request);
  const relation = routine.returns.relation ?? { schema: routine.schema, name: routine.name };
  const read = planReadTree(readContext(cache, request), relation, request.query.select, []);
  read.fromCte = 'pgrst_source';
  read.range = restrictRange(read.range, options.maxRows);
  const { format, media } = negotiate(request.accepts, cache.planEnabled);
  const headOnly = request.method === 'HEAD';
  return {
    kind: 'call',
    routine,
    args: argumentsOf(request, routine),
    read,
    // PostgREST counts a function's rows exactly for count=exact and count=estimated; it has no planner estimate of
    // a call, so count=planned leaves the total unknown.
    count: request.preferences.count === 'exact' || request.preferences.count === 'estimated',
    format: headOnly || routine.returns.kind === 'void' ? { kind: 'none' } : format,
    media,
    headOnly,
  };
}
