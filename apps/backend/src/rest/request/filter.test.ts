// Filters and logic trees: query text -> parse tree, and PostgREST's errors for what does not parse.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { looksLikeFilter, parseFilter } from './filter.ts';
import { parseLogic } from './logic.ts';

const f = (name: string, jsonPath: unknown[] = []) => ({ name, jsonPath });

describe('parseFilter', () => {
  it.each([
    [
      'id',
      'eq.5',
      { path: [], field: f('id'), expr: { negated: false, operation: { kind: 'simple', operator: 'eq', value: '5' } } },
    ],
    [
      'name',
      'eq.a.b.c',
      {
        path: [],
        field: f('name'),
        expr: { negated: false, operation: { kind: 'simple', operator: 'eq', value: 'a.b.c' } },
      },
    ],
    [
      'user_id',
      'eq.6f1d3a46-0000-4000-8000-000000000001',
      {
        path: [],
        field: f('user_id'),
        expr: {
          negated: false,
          operation: { kind: 'simple', operator: 'eq', value: '6f1d3a46-0000-4000-8000-000000000001' },
        },
      },
    ],
    [
      'name',
      'not.like.*x*',
      {
        path: [],
        field: f('name'),
        expr: { negated: true, operation: { kind: 'simple', operator: 'like', value: '*x*' } },
      },
    ],
    [
      'qty',
      'is.null',
      { path: [], field: f('qty'), expr: { negated: false, operation: { kind: 'is', value: 'null' } } },
    ],
    [
      'qty',
      'is.NULL',
      { path: [], field: f('qty'), expr: { negated: false, operation: { kind: 'is', value: 'null' } } },
    ],
    [
      'qty',
      'not.is.null',
      { path: [], field: f('qty'), expr: { negated: true, operation: { kind: 'is', value: 'null' } } },
    ],
    [
      'flag',
      'is.not_null',
      { path: [], field: f('flag'), expr: { negated: false, operation: { kind: 'is', value: 'not_null' } } },
    ],
    [
      'flag',
      'is.true',
      { path: [], field: f('flag'), expr: { negated: false, operation: { kind: 'is', value: 'true' } } },
    ],
    [
      'id',
      'in.(1,2,3)',
      { path: [], field: f('id'), expr: { negated: false, operation: { kind: 'in', values: ['1', '2', '3'] } } },
    ],
    [
      'name',
      'in.("a,b","c\\"d",e)',
      { path: [], field: f('name'), expr: { negated: false, operation: { kind: 'in', values: ['a,b', 'c"d', 'e'] } } },
    ],
    [
      'name',
      'in.()',
      { path: [], field: f('name'), expr: { negated: false, operation: { kind: 'in', values: [''] } } },
    ],
    [
      'tags',
      'cs.{a,b}',
      {
        path: [],
        field: f('tags'),
        expr: { negated: false, operation: { kind: 'simple', operator: 'cs', value: '{a,b}' } },
      },
    ],
    [
      'name',
      'like(any).{a*,b*}',
      {
        path: [],
        field: f('name'),
        expr: { negated: false, operation: { kind: 'simple', operator: 'like', value: '{a*,b*}', quantifier: 'any' } },
      },
    ],
    [
      'body',
      'fts(english).cat',
      {
        path: [],
        field: f('body'),
        expr: { negated: false, operation: { kind: 'fts', operator: 'fts', language: 'english', value: 'cat' } },
      },
    ],
    [
      'body',
      'wfts.cat dog',
      {
        path: [],
        field: f('body'),
        expr: { negated: false, operation: { kind: 'fts', operator: 'wfts', value: 'cat dog' } },
      },
    ],
    [
      'clients.name',
      'eq.x',
      {
        path: ['clients'],
        field: f('name'),
        expr: { negated: false, operation: { kind: 'simple', operator: 'eq', value: 'x' } },
      },
    ],
    [
      'data->a->>b',
      'eq.1',
      {
        path: [],
        field: f('data', [
          { arrow: '->', operand: 'a', index: false },
          { arrow: '->>', operand: 'b', index: false },
        ]),
        expr: { negated: false, operation: { kind: 'simple', operator: 'eq', value: '1' } },
      },
    ],
    [
      '"odd.name"',
      'eq.1',
      {
        path: [],
        field: f('odd.name'),
        expr: { negated: false, operation: { kind: 'simple', operator: 'eq', value: '1' } },
      },
    ],
  ])('%s=%s', (key, value, expected) => {
    expect(parseFilter(key, value)).toEqual(expected);
  });

  it.each([
    ['id', 'noop.1', '"failed to parse filter (noop.1)" (line 1, column 6)', 'unknown single value operator noop'],
    [
      'qty',
      'is.maybe',
      '"failed to parse filter (is.maybe)" (line 1, column 4)',
      'unexpected "m" expecting null or trilean value (unknown, true, false)',
    ],
    ['id', 'in.1,2', '"failed to parse filter (in.1,2)" (line 1, column 4)', 'unexpected "1" expecting "("'],
    [
      'id',
      'in.(1,2',
      '"failed to parse filter (in.(1,2)" (line 1, column 8)',
      'unexpected end of input expecting ")" or ","',
    ],
  ])('%s=%s is PGRST100', (key, value, message, details) => {
    try {
      parseFilter(key, value);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(400);
      expect((error as ApiError).body).toEqual({ code: 'PGRST100', message, details, hint: null });
    }
  });
});

describe('looksLikeFilter', () => {
  it.each([
    ['eq.1', true],
    ['not.eq.1', true],
    ['is.null', true],
    ['in.(1)', true],
    ['fts(english).x', true],
    ['eq(any).{1}', true],
    ['hello', false],
    ['noop.1', false],
    ['not', false],
    ['', false],
  ])('%s -> %s', (value, expected) => expect(looksLikeFilter(value)).toBe(expected));
});

describe('parseLogic', () => {
  it('nests and/or with negation and embed paths', () => {
    expect(parseLogic('or', '(id.eq.1,and(qty.gt.2,name.in.(a,b)),not.and(id.lt.0,id.gt.9))')).toEqual({
      path: [],
      tree: {
        kind: 'expr',
        negated: false,
        operator: 'or',
        children: [
          {
            kind: 'filter',
            filter: {
              field: f('id'),
              expr: { negated: false, operation: { kind: 'simple', operator: 'eq', value: '1' } },
            },
          },
          {
            kind: 'expr',
            negated: false,
            operator: 'and',
            children: [
              {
                kind: 'filter',
                filter: {
                  field: f('qty'),
                  expr: { negated: false, operation: { kind: 'simple', operator: 'gt', value: '2' } },
                },
              },
              {
                kind: 'filter',
                filter: { field: f('name'), expr: { negated: false, operation: { kind: 'in', values: ['a', 'b'] } } },
              },
            ],
          },
          {
            kind: 'expr',
            negated: true,
            operator: 'and',
            children: [
              {
                kind: 'filter',
                filter: {
                  field: f('id'),
                  expr: { negated: false, operation: { kind: 'simple', operator: 'lt', value: '0' } },
                },
              },
              {
                kind: 'filter',
                filter: {
                  field: f('id'),
                  expr: { negated: false, operation: { kind: 'simple', operator: 'gt', value: '9' } },
                },
              },
            ],
          },
        ],
      },
    });
  });

  it('reads quoted values and array literals inside the tree', () => {
    const { tree } = parseLogic('tasks.not.or', '(title.eq."a,b",tags.cs.{x,y})');
    expect(tree).toMatchObject({ negated: true, operator: 'or' });
    expect(parseLogic('tasks.not.or', '(title.eq."a,b")').path).toEqual(['tasks']);
    const children = (tree as { children: { filter: { expr: { operation: { value: string } } } }[] }).children;
    expect(children.map((child) => child.filter.expr.operation.value)).toEqual(['a,b', '{x,y}']);
  });

  it('refuses an empty tree', () => {
    expect(() => parseLogic('or', '()')).toThrow(ApiError);
  });

  it('words a refused tree as PostgREST: the value in the message, columns counted from the operator', () => {
    try {
      parseLogic('or', '()');
      expect.unreachable();
    } catch (error) {
      expect((error as ApiError).body).toEqual({
        code: 'PGRST100',
        message: '"failed to parse logic tree (())" (line 1, column 4)',
        details:
          'unexpected ")" expecting field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)',
        hint: null,
      });
    }
  });
});
