// The query string: which parameter is reserved, a filter, a logic tree, an order, a range or a function argument.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { decodeQueryComponent, parseQueryParams, splitQuery } from './query-params.ts';

describe('splitQuery', () => {
  it.each([
    [
      'a=1&b&c=',
      [
        ['a', '1'],
        ['b', undefined],
        ['c', ''],
      ],
    ],
    ['name=eq.a+b', [['name', 'eq.a b']]],
    ['name=eq.%E2%9C%93%2C', [['name', 'eq.✓,']]],
    ['bad=%zz', [['bad', '%zz']]],
    ['', []],
  ])('%s', (query, expected) => expect(splitQuery(query)).toEqual(expected));

  it('keeps a lone percent sign', () => expect(decodeQueryComponent('100%')).toBe('100%'));

  it('keeps characters sent unescaped, whatever their size', () =>
    expect(decodeQueryComponent('eq.caf\u00e9+\u{1F600}%21')).toBe('eq.caf\u00e9 \u{1F600}!'));
});

describe('parseQueryParams', () => {
  it('sorts every parameter into its place', () => {
    const parsed = parseQueryParams(
      'select=id,tasks(title)&id=gt.1&name=hello&tasks.done=is.true&or=(id.eq.1,id.eq.2)&tasks.or=(done.is.false)' +
        '&order=id.desc&tasks.order=title&limit=10&offset=5&tasks.limit=2&columns=id,name&on_conflict=id',
      { argumentsInQuery: true },
    );
    expect(parsed.select).toHaveLength(2);
    expect(parsed.filters.map((f) => [f.path, f.filter.field.name])).toEqual([
      [[], 'id'],
      [['tasks'], 'done'],
    ]);
    expect(parsed.logic.map((l) => l.path)).toEqual([[], ['tasks']]);
    expect(parsed.order.map((o) => [o.path, o.terms.length])).toEqual([
      [[], 1],
      [['tasks'], 1],
    ]);
    expect(parsed.ranges.get('')).toEqual({ offset: 5, limit: 10 });
    expect(parsed.ranges.get('tasks')).toEqual({ offset: 0, limit: 2 });
    expect(parsed.columns).toEqual(['id', 'name']);
    expect(parsed.onConflict).toEqual(['id']);
    expect(parsed.rpcParams).toEqual([['name', 'hello']]);
  });

  it('refuses a parameter without an operator unless it may be a function argument', () => {
    expect(() => parseQueryParams('id=5')).toThrow(ApiError);
    expect(parseQueryParams('id=5', { argumentsInQuery: true }).rpcParams).toEqual([['id', '5']]);
  });

  it('selects everything by default and canonicalizes the query', () => {
    const parsed = parseQueryParams('b=eq.2&a=eq.1');
    expect(parsed.select).toEqual([{ kind: 'field', field: { name: '*', jsonPath: [] } }]);
    expect(parsed.canonical).toBe('a=eq.1&b=eq.2');
  });

  it('reads quoted column lists as supabase-js sends them', () => {
    expect(parseQueryParams('columns=%22name%22,%22qty%22').columns).toEqual(['name', 'qty']);
  });
});
