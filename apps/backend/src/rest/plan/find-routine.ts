// Which overload a call names, as PostgREST resolves it: the functions whose parameters the argument keys match
// (all required ones, optional ones at will, nothing else), else a function with one unnamed parameter that takes the
// body whole; one candidate is the function, several are PGRST203, none is PGRST202 with PostgREST's wording.
import { ambiguousFunction, noFunction } from '../errors.ts';
import type { ApiRequest } from '../request/types.ts';
import { closestMatch } from '../schema/fuzzy.ts';
import type { Routine, SchemaCache } from '../schema/types.ts';
import { findRoutines } from '../schema/types.ts';

/** Body media types that pass the body whole to a function's one unnamed parameter of these types. */
const WHOLE_BODY_TYPES: Record<string, string[]> = {
  'application/json': ['json', 'jsonb'],
  'text/plain': ['text'],
  'text/xml': ['xml'],
  'application/octet-stream': ['bytea'],
};

/** The bodies that can only be a single unnamed parameter, and how PGRST202 names that parameter. */
const RAW_BODY_PARAMETER: Record<string, string> = {
  'text/plain': 'text',
  'text/xml': 'xml',
  'application/octet-stream': 'bytea',
};

interface CallShape {
  isPost: boolean;
  bodyType: string;
  /** The argument names, sorted and distinct. */
  keys: string[];
}

export const hasSingleUnnamedParam = (routine: Routine) => routine.params.length === 1 && routine.params[0].name === '';

function matchesParams(routine: Routine, { isPost, bodyType, keys }: CallShape): boolean {
  if (routine.params.length === 0) return keys.length === 0 && !(isPost && bodyType in RAW_BODY_PARAMETER);
  const required = new Set(routine.params.filter((param) => param.required).map((param) => param.name));
  const optional = new Set(routine.params.filter((param) => !param.required).map((param) => param.name));
  const beyondOptional = keys.filter((key) => !optional.has(key));
  return beyondOptional.length === required.size && beyondOptional.every((key) => required.has(key));
}

function takesWholeBody(routine: Routine, { isPost, bodyType }: CallShape, singleObject: boolean): boolean {
  if (!isPost || routine.params.length !== 1) return false;
  const [param] = routine.params;
  // `Prefer: params=single-object` passes a JSON body whole to a function's one json or jsonb parameter, named or not.
  if (singleObject && (param.type === 'json' || param.type === 'jsonb')) return true;
  return param.name === '' && (WHOLE_BODY_TYPES[bodyType] ?? []).includes(param.type);
}

function callShape(request: ApiRequest): CallShape {
  const isPost = request.method === 'POST';
  const payload = request.payload;
  const keys = isPost
    ? (request.query.columns ?? (payload?.kind === 'json' ? payload.keys : []))
    : request.query.rpcParams.map(([key]) => key);
  return { isPost, bodyType: request.bodyType ?? 'application/json', keys: [...new Set(keys)].sort() };
}

const formatParameters = (keys: string[]) =>
  keys.length === 0 ? ' without parameters' : ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`;

function searchedFor(shape: CallShape): string {
  const rawParameter = RAW_BODY_PARAMETER[shape.bodyType];
  if (shape.isPost && rawParameter) return ` with a single unnamed ${rawParameter} parameter`;
  if (shape.isPost && shape.bodyType === 'application/json')
    return `${formatParameters(shape.keys)} or with a single unnamed json/jsonb parameter`;
  return formatParameters(shape.keys);
}

/** PostgREST's suggestion: another function's name, or the closest parameter list of this name's overloads. */
function suggestion(schema: string, name: string, keys: string[], cache: SchemaCache, overloads: Routine[]) {
  if (overloads.length === 0) {
    const names = [...cache.routines.values()].flat().filter((r) => r.schema === schema);
    return closestMatch(name, [...new Set(names.map((r) => r.name))], 0.75);
  }
  const asList = (params: string[]) => `(${[...params].sort().join(', ')})`;
  const lists = overloads.map((routine) => asList(routine.params.map((param) => param.name)));
  const best = closestMatch(asList(keys), lists, 0.33);
  return best === null ? null : `${name}${best}`;
}

function notFound(request: ApiRequest, cache: SchemaCache, name: string, shape: CallShape, overloads: Routine[]) {
  const qualified = `${request.schema}.${name}`;
  const onlyRawBody = shape.isPost && shape.bodyType in RAW_BODY_PARAMETER;
  const list = shape.keys.length === 0 ? ' without parameters' : `(${shape.keys.join(', ')})`;
  const hint = onlyRawBody ? null : suggestion(request.schema, name, shape.keys, cache, overloads);
  return noFunction(
    `Could not find the function ${qualified}${onlyRawBody ? '' : list} in the schema cache`,
    `Searched for the function ${qualified}${searchedFor(shape)}, but no matches were found in the schema cache.`,
    hint === null ? null : `Perhaps you meant to call the function ${request.schema}.${hint}`,
  );
}

function ambiguous(candidates: Routine[]) {
  const describe = (r: Routine) => `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`;
  return ambiguousFunction(
    `Could not choose the best candidate function between: ${candidates.map(describe).join(', ')}`,
  );
}

export function findRoutine(request: ApiRequest, cache: SchemaCache, name: string): Routine {
  const overloads = findRoutines(cache, request.schema, name);
  const shape = callShape(request);
  const singleObject = request.preferences.params === 'single-object';
  const matched = overloads.filter((routine) => matchesParams(routine, shape));
  if (matched.length === 1) return matched[0];
  if (matched.length > 1) throw ambiguous(matched);
  const wholeBody = overloads.filter((routine) => takesWholeBody(routine, shape, singleObject));
  if (wholeBody.length === 1) return wholeBody[0];
  if (wholeBody.length > 1) throw ambiguous(wholeBody);
  throw notFound(request, cache, name, shape, overloads);
}
