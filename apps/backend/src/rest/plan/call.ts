// Function calls (`/rpc/fn`): the overload the arguments choose (find-routine.ts), the arguments as the SQL stage
// passes them, and a read plan over the function's result (select, filters, order, embedding).
import { maxAffectedRpcViolation } from '../errors.ts';
import { restrictRange } from '../request/range.ts';
import type { ApiRequest } from '../request/types.ts';
import type { Routine, SchemaCache } from '../schema/types.ts';
import { findRoutine, hasSingleUnnamedParam } from './find-routine.ts';
import { negotiate } from './negotiate.ts';
import { planRootRead } from './read.ts';
import type { ActionPlan, CallAction } from './types.ts';

/**
 * Arguments given as name=value pairs (a query string, a form), as PostgREST reads them: each value of a VARIADIC
 * parameter is one element of its array; any other parameter takes its last value as it is (`{a,b}` for an array).
 */
function pairArguments(pairs: Iterable<[string, string]>, routine: Routine): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [key, value] of pairs) {
    const variadic = routine.params.find((param) => param.name === key)?.variadic;
    const previous = values[key];
    values[key] = variadic ? [...(Array.isArray(previous) ? previous : []), value] : value;
  }
  return values;
}

/** The arguments as one JSON object; from a query string or a form, a VARIADIC parameter's values gather. */
function argumentsOf(request: ApiRequest, routine: Routine): CallAction['args'] {
  const payload = request.payload;
  // A function of one unnamed parameter is called with the arguments whole, as PostgREST calls it positionally.
  const positional =
    hasSingleUnnamedParam(routine) ||
    (request.preferences.params === 'single-object' && routine.params.length === 1 && isJson(routine.params[0].type));
  if (request.action.kind === 'call' && request.action.method === 'POST' && payload) {
    if (positional) return { kind: 'single', value: payload.raw, type: routine.params[0].type };
    if (payload.kind === 'json' && payload.form) {
      const values = pairArguments(payload.form, routine);
      return { kind: 'object', json: JSON.stringify(values), names: request.query.columns ?? Object.keys(values) };
    }
    const names = request.query.columns ?? (payload.kind === 'json' ? payload.keys : routine.params.map((p) => p.name));
    return { kind: 'object', json: payload.raw, names };
  }
  const values = pairArguments(request.query.rpcParams, routine);
  const json = JSON.stringify(values);
  if (hasSingleUnnamedParam(routine)) return { kind: 'single', value: json, type: routine.params[0].type };
  return { kind: 'object', json, names: Object.keys(values) };
}

const isJson = (type: string) => type === 'json' || type === 'jsonb';

/** max-affected counts the rows a function returns, so with handling=strict it needs one returning a set. */
function checkMaxAffected(request: ApiRequest, routine: Routine): void {
  const { handling, maxAffected } = request.preferences;
  if (handling === 'strict' && maxAffected !== undefined && !routine.returns.set) throw maxAffectedRpcViolation();
}

export function planCall(request: ApiRequest, cache: SchemaCache, options: { maxRows?: number }): ActionPlan {
  const name = request.target.kind === 'routine' ? request.target.name : '';
  const routine = findRoutine(request, cache, name);
  const relation = routine.returns.relation ?? { schema: routine.schema, name: routine.name };
  const read = planRootRead(cache, request, relation);
  read.fromCte = 'pgrst_source';
  read.range = restrictRange(read.range, options.maxRows);
  const { format, media } = negotiate(request.accepts, cache.planEnabled);
  checkMaxAffected(request, routine);
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
