// The query string: reserved parameters (select, order, limit, offset, columns, on_conflict, and/or), filters
// (parameters whose value is an operator expression, or whose name is an embed path) and function arguments.
import { fieldName, parseAll } from './cursor.ts';
import { looksLikeFilter, parseFilter } from './filter.ts';
import { parseLogic } from './logic.ts';
import { parseOrder } from './order.ts';
import { rangesFromParams } from './range.ts';
import { parseSelect } from './select.ts';
import type { QueryParams } from './types.ts';

/** Percent-decoding that leaves malformed escapes as they are, `+` meaning a space (as PostgREST reads queries). */
export function decodeQueryComponent(text: string): string {
  const spaced = text.replaceAll('+', ' ');
  const bytes: number[] = [];
  for (let i = 0; i < spaced.length; i++) {
    const escape = /^%([0-9A-Fa-f]{2})/.exec(spaced.slice(i, i + 3));
    if (escape) {
      bytes.push(parseInt(escape[1], 16));
      i += 2;
    } else {
      bytes.push(...new TextEncoder().encode(spaced[i]));
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
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

export function parseQueryParams(query: string): QueryParams {
  const pairs = splitQuery(query);
  const valued = pairs.filter((pair): pair is [string, string] => pair[1] !== undefined);
  const lookup = (name: string) => valued.find(([key]) => key === name)?.[1];
  const withLast = (names: string[]) => valued.filter(([key]) => names.includes(lastSegment(key)));

  const select = lookup('select');
  const columns = lookup('columns');
  const onConflict = lookup('on_conflict');
  const candidates = valued.filter(([key]) => !RESERVED.has(key) && !RESERVED_EMBEDDABLE.has(lastSegment(key)));
  const isFilter = ([key, value]: [string, string]) => key.includes('.') || looksLikeFilter(value);

  return {
    canonical: canonicalize(pairs),
    select:
      select === undefined || select === ''
        ? [{ kind: 'field', field: { name: '*', jsonPath: [] } }]
        : parseSelect(select),
    filters: candidates.filter(isFilter).map(([key, value]) => {
      const parsed = parseFilter(key, value);
      return { path: parsed.path, filter: { field: parsed.field, expr: parsed.expr } };
    }),
    logic: withLast(['and', 'or']).map(([key, value]) => parseLogic(key, value)),
    order: withLast(['order']).map(([key, value]) => ({
      path: pathOf(key) ? pathOf(key).split('.') : [],
      terms: parseOrder(value),
    })),
    ranges: rangesFromParams(
      withLast(['limit']).map(([key, value]) => [pathOf(key), value]),
      withLast(['offset']).map(([key, value]) => [pathOf(key), value]),
    ),
    ...(columns === undefined ? {} : { columns: parseColumns('columns parameter', columns) }),
    ...(onConflict === undefined ? {} : { onConflict: parseColumns('on_conflict parameter', onConflict) }),
    rpcParams: candidates.filter((pair) => !isFilter(pair)),
  };
}
