// The query string: reserved parameters (select, order, limit, offset, columns, on_conflict, and/or), filters
// (parameters whose value is an operator expression, or whose name is an embed path) and function arguments.
import { queryParamError } from '../errors.ts';
import { fieldName, parseAll } from './cursor.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.ts';
import { looksLikeFilter, parseFilter } from './filter.ts';
import { parseLogic } from './logic.ts';
import { parseOrder } from './order.ts';
import { rangesFromParams } from './range.ts';
import { parseSelect } from './select.ts';
import type { QueryParams } from './types.ts';

const utf8 = new TextDecoder();
const HEX_PAIR = /^[0-9A-Fa-f]{2}$/;

/** Percent-decoding that leaves malformed escapes as they are, `+` meaning a space (as PostgREST reads queries). */
export function decodeQueryComponent(text: string): string {
  const spaced = text.includes('+') ? text.replaceAll('+', ' ') : text;
  if (!spaced.includes('%')) return spaced;
  // Escapes may spell one character over several bytes, so the text becomes bytes and is decoded as a whole.
  const parts: Buffer[] = [];
  let start = 0;
  for (let i = spaced.indexOf('%'); i >= 0; i = spaced.indexOf('%', i + 1)) {
    const hex = spaced.slice(i + 1, i + 3);
    if (!HEX_PAIR.test(hex)) continue;
    parts.push(Buffer.from(spaced.slice(start, i)), Buffer.of(parseInt(hex, 16)));
    start = i + 3;
    i += 2;
  }
  parts.push(Buffer.from(spaced.slice(start)));
  return utf8.decode(Buffer.concat(parts));
}

/** `a=1&b&c=` -> [['a','1'], ['b', undefined], ['c', '']]: a name without `=` has no value and is not a filter. */
export function splitQuery(query: string): [string, string | undefined][] {
  if (query === '') return [];
  return query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    if (eq < 0) return [decodeQueryComponent(pair), undefined];
    return [decodeQueryComponent(pair.slice(0, eq)), decodeQueryComponent(pair.slice(eq + 1))];
  });
}

const lastSegment = (key: string) => key.slice(key.lastIndexOf('.') + 1);
const pathOf = (key: string) => (key.includes('.') ? key.slice(0, key.lastIndexOf('.')) : '');
const RESERVED = new Set(['select', 'columns', 'on_conflict']);
const RESERVED_EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);

/** The valued parameters sorted by kind in one pass, each list in query order. */
interface Sorted {
  reserved: Map<string, string>;
  filters: [string, string][];
  rpcParams: [string, string][];
  embeddable: Record<'order' | 'limit' | 'offset' | 'logic', [string, string][]>;
}

function sortParams(pairs: [string, string | undefined][], argumentsInQuery: boolean): Sorted {
  const sorted: Sorted = {
    reserved: new Map(),
    filters: [],
    rpcParams: [],
    embeddable: { order: [], limit: [], offset: [], logic: [] },
  };
  for (const [key, value] of pairs) {
    if (value === undefined) continue;
    const last = lastSegment(key);
    if (RESERVED_EMBEDDABLE.has(last)) {
      const kind = last === 'and' || last === 'or' ? 'logic' : (last as 'order' | 'limit' | 'offset');
      sorted.embeddable[kind].push([key, value]);
    } else if (RESERVED.has(key)) {
      // The first of a repeated reserved parameter counts.
      if (!sorted.reserved.has(key)) sorted.reserved.set(key, value);
    } else if (!argumentsInQuery || key.includes('.') || looksLikeFilter(value)) {
      sorted.filters.push([key, value]);
    } else {
      sorted.rpcParams.push([key, value]);
    }
  }
  return sorted;
}

function parseColumns(source: string, value: string): string[] {
  return parseAll(source, value, (cursor) => {
    cursor.skipSpaces();
    const names = [fieldName(cursor)];
    cursor.skipSpaces();
    while (cursor.eat(',')) {
      cursor.skipSpaces();
      names.push(fieldName(cursor));
      cursor.skipSpaces();
    }
    return names;
  });
}

function canonicalize(pairs: [string, string | undefined][]): string {
  return [...pairs]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value ?? '')}`)
    .join('&');
}

/** Values the database reads as JSON (a filter on a json column, a function's json argument) nest within limits. */
function checkDepth(params: [string, string][]): void {
  for (const [key, value] of params) {
    if ((value.includes('[') || value.includes('{')) && nestsDeeperThan(value, MAX_JSON_DEPTH)) {
      throw queryParamError(
        `failed to parse the value of ${key}`,
        `The value nests more than ${MAX_JSON_DEPTH} levels deep`,
      );
    }
  }
}

/**
 * `argumentsInQuery`: a function called by GET or HEAD takes its arguments from the query, so a parameter that does
 * not look like a filter is an argument. Everywhere else every such parameter is a filter, and one that does not
 * parse is refused (PGRST100) rather than ignored, so it can never widen a read, an update or a delete.
 */
export function parseQueryParams(query: string, { argumentsInQuery = false } = {}): QueryParams {
  const pairs = splitQuery(query);
  const { reserved, filters, rpcParams, embeddable } = sortParams(pairs, argumentsInQuery);
  checkDepth(filters);
  checkDepth(rpcParams);
  const select = reserved.get('select');
  const columns = reserved.get('columns');
  const onConflict = reserved.get('on_conflict');
  const withPath = ([key, value]: [string, string]): [string, string] => [pathOf(key), value];

  // Parsed in this order so that, of several bad parameters, the same one is reported every time.
  return {
    canonical: canonicalize(pairs),
    select:
      select === undefined || select === ''
        ? [{ kind: 'field', field: { name: '*', jsonPath: [] } }]
        : parseSelect(select),
    filters: filters.map(([key, value]) => {
      const parsed = parseFilter(key, value);
      return { path: parsed.path, filter: { field: parsed.field, expr: parsed.expr } };
    }),
    logic: embeddable.logic.map(([key, value]) => parseLogic(key, value)),
    order: embeddable.order.map(([key, value]) => ({
      path: pathOf(key) ? pathOf(key).split('.') : [],
      terms: parseOrder(value),
    })),
    ranges: rangesFromParams(embeddable.limit.map(withPath), embeddable.offset.map(withPath)),
    ...(columns === undefined ? {} : { columns: parseColumns('columns parameter', columns) }),
    ...(onConflict === undefined ? {} : { onConflict: parseColumns('on_conflict parameter', onConflict) }),
    rpcParams,
  };
}
