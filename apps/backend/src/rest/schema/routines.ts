// Functions of the exposed schemas as PostgREST's schema cache holds them: only those a request can call (every
// input parameter named, or exactly one unnamed and the first of type json, jsonb, text, xml or bytea), no trigger
// functions, and the overloads of a name in PostgREST's order (fewest parameters first).
import type { Routine, RoutineParam } from './types.ts';

export const ROUTINES_SQL = `
select coalesce(json_agg(json_build_object(
  'schema', n.nspname, 'name', p.proname, 'volatility', p.provolatile, 'set', p.proretset,
  'returnType', format_type(p.prorettype, null), 'typtype', t.typtype,
  'returnRelation', case when t.typrelid <> 0 then (
    select json_build_object('schema', rn.nspname, 'name', rc.relname)
    from pg_class rc join pg_namespace rn on rn.oid = rc.relnamespace where rc.oid = t.typrelid) end,
  'argNames', array_to_json(p.proargnames), 'argModes', array_to_json(p.proargmodes),
  'argTypes', (select json_agg(format_type(u.typ, null) order by u.ord)
               from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(typ, ord)),
  'defaults', p.pronargdefaults, 'description', obj_description(p.oid, 'pg_proc')
)), '[]')::text as doc
from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type t on t.oid = p.prorettype
where n.nspname in (select json_array_elements_text($1::json)) and p.prokind = 'f'
  and p.prorettype <> 'trigger'::regtype`;

export interface RawRoutine {
  schema: string;
  name: string;
  volatility: 'i' | 's' | 'v';
  set: boolean;
  returnType: string;
  typtype: string;
  returnRelation: { schema: string; name: string } | null;
  argNames: string[] | null;
  argModes: string[] | null;
  argTypes: string[] | null;
  defaults: number;
  description: string | null;
}

/** The types whose one unnamed parameter takes the request body whole. */
const BODY_TYPES = new Set(['json', 'jsonb', 'text', 'xml', 'bytea']);

/**
 * Whether PostgREST exposes a function with these input parameters. With one unnamed parameter it looks at the first
 * parameter's type, whichever is unnamed, as its catalog query does.
 */
function isCallable(params: RoutineParam[]): boolean {
  const unnamed = params.filter((param) => param.name === '').length;
  if (unnamed === 0) return true;
  return unnamed === 1 && BODY_TYPES.has(params[0].type);
}

/**
 * A parameter of `character` or `bit` has no length once declared (`char(5)` is `character`, which is `char(1)`):
 * read as the varying type, as PostgREST reads it, an argument is never cut to one character; the function's own
 * type still applies when it is called.
 */
function argumentType(type: string): string {
  if (type === 'character' || type === 'character[]') return type.replace('character', 'character varying');
  if (type === 'bit' || type === 'bit[]') return type.replace('bit', 'bit varying');
  return type;
}

export function toRoutine(raw: RawRoutine): Routine | undefined {
  const types = (raw.argTypes ?? []).map(argumentType);
  const inputs = types
    .map((type, i) => ({ type, name: raw.argNames?.[i] ?? '', mode: raw.argModes?.[i] ?? 'i' }))
    .filter((arg) => arg.mode === 'i' || arg.mode === 'b' || arg.mode === 'v');
  const firstOptional = inputs.length - raw.defaults;
  const params: RoutineParam[] = inputs.map((arg, i) => ({
    name: arg.name,
    type: arg.type,
    required: i < firstOptional,
    variadic: arg.mode === 'v',
  }));
  if (!isCallable(params)) return undefined;
  const isVoid = raw.returnType === 'void';
  // OUT, INOUT and TABLE parameters name the columns of the row returned, even when there is only one of them;
  // a bare `record` has no column names to read, so, like a scalar, it is sent as the function built it.
  const hasOutputs = (raw.argModes ?? []).some((mode) => mode === 'o' || mode === 'b' || mode === 't');
  const composite = raw.typtype === 'c' || hasOutputs;
  return {
    schema: raw.schema,
    name: raw.name,
    params,
    returns: {
      set: raw.set,
      kind: isVoid ? 'void' : composite ? 'composite' : 'scalar',
      relation: raw.returnRelation ?? undefined,
      type: raw.returnType,
    },
    ...(raw.description ? { description: raw.description } : {}),
    volatility: raw.volatility === 'i' ? 'immutable' : raw.volatility === 's' ? 'stable' : 'volatile',
  };
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byFlag = (a: boolean, b: boolean) => Number(a) - Number(b);

function compareParams(a: RoutineParam[], b: RoutineParam[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const order =
      byText(a[i].name, b[i].name) ||
      byText(a[i].type, b[i].type) ||
      byFlag(a[i].required, b[i].required) ||
      byFlag(a[i].variadic, b[i].variadic);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

const VOLATILITY_ORDER = { volatile: 0, stable: 1, immutable: 2 };
const RETURN_KIND_ORDER = { scalar: 0, void: 0, composite: 1 };

/**
 * PostgREST's order of the overloads of one name: fewer parameters first; then without a description before with
 * one, then by parameters (name, type), by what they return (a single value before a set, a scalar before a row
 * type) and by volatility. Candidate lists in PGRST203 follow it.
 */
export function compareRoutines(a: Routine, b: Routine): number {
  if (a.params.length !== b.params.length) return a.params.length - b.params.length;
  return (
    byFlag(a.description !== undefined, b.description !== undefined) ||
    byText(a.description ?? '', b.description ?? '') ||
    compareParams(a.params, b.params) ||
    byFlag(a.returns.set, b.returns.set) ||
    RETURN_KIND_ORDER[a.returns.kind] - RETURN_KIND_ORDER[b.returns.kind] ||
    byText(a.returns.type, b.returns.type) ||
    VOLATILITY_ORDER[a.volatility] - VOLATILITY_ORDER[b.volatility]
  );
}
