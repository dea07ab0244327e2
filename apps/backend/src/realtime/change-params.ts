// The postgres_changes of a join as Realtime reads them: each binding's params, as the client sent them, are echoed
// in the join reply with an id, and read as {event, schema, table, filter}. Params Realtime cannot read do not fail
// the join: the channel joins without changes, and a system message says why.
import { inspect } from './elixir-terms.ts';
import { FilterError, parseFilter, type Condition } from './filter-syntax.ts';

export interface ChangeParams {
  /** INSERT, UPDATE, DELETE or *. */
  event: string;
  /** A schema, or * for all. */
  schema: string;
  /** A table, or * for all. */
  table: string;
  /** All must hold; none is no filter. */
  filter: Condition[];
}

/** What the join reply lists: the params as the client sent them, with the id the change messages carry. */
export type Binding = Record<string, unknown> & { id: number };

/** A stable id per params (Realtime hashes the params too), so equal bindings share an id. */
function bindingId(requested: unknown): number {
  const text = JSON.stringify(requested);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash % 134217728;
}

/** The params the client asked for; Realtime leaves out only nulls (and an empty or missing list). */
export function requestedChanges(value: unknown): unknown[] {
  return Array.isArray(value) ? value.filter((item) => item !== null && item !== undefined) : [];
}

export function bindingOf(requested: unknown): Binding {
  const params = requested && typeof requested === 'object' && !Array.isArray(requested) ? requested : {};
  return { ...params, id: bindingId(requested) };
}

/** An event Realtime does not know listens to all of them. */
function eventOf(event: unknown): string {
  const upper = typeof event === 'string' ? event.toUpperCase() : '*';
  return ['INSERT', 'UPDATE', 'DELETE'].includes(upper) ? upper : '*';
}

function noParams(requested: unknown): FilterError {
  const tokens = requested && typeof requested === 'object' && ('user_token' in requested || 'auth_token' in requested);
  return new FilterError(
    'No subscription params provided. Please provide at least a `schema` or `table` to subscribe to: ' +
      (tokens ? '<redacted>' : inspect(requested)),
  );
}

/** Reads one binding's params; throws FilterError with Realtime's wording for params it would refuse. */
export function readChangeParams(requested: unknown): ChangeParams {
  if (!requested || typeof requested !== 'object' || Array.isArray(requested)) throw noParams(requested);
  const params = requested as Record<string, unknown>;
  const { schema, table, filter } = params;
  const event = eventOf(params.event);
  const has = (key: string) => key in params;
  if (typeof schema === 'string' && typeof table === 'string') {
    if (typeof filter === 'string') return { event, schema, table, filter: parseFilter(filter) };
    if (!has('filter')) return { event, schema, table, filter: [] };
  }
  if (typeof schema === 'string' && !has('table') && !has('filter')) return { event, schema, table: '*', filter: [] };
  // A table without a schema is in public.
  if (typeof table === 'string' && !has('schema') && !has('filter')) {
    return { event, schema: 'public', table, filter: [] };
  }
  throw noParams(requested);
}

/** A condition as Realtime lists it in a message: {"column", "op", "value", negated}. */
function conditionText(condition: Condition): string {
  const value = condition.operator === 'in' ? `{${condition.value.slice(1, -1)}}` : condition.value;
  return `{${inspect(condition.column)}, ${inspect(condition.operator)}, ${inspect(value)}, ${condition.negated}}`;
}

/** Realtime's refusal of params that name no table of the publication. */
export function unpublishedMessage(params: ChangeParams): string {
  const filters = `[${params.filter.map(conditionText).join(', ')}]`;
  return (
    'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect ' +
    `parameters: [event: ${params.event}, schema: ${params.schema}, table: ${params.table}, filters: ${filters}, select: nil]`
  );
}
