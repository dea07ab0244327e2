// The select parameter: text -> select forest, and PGRST100 for what does not parse.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { parseSelect } from './select.ts';

const col = (name: string, extra: object = {}) => ({ kind: 'field', field: { name, jsonPath: [] }, ...extra });

describe('parseSelect', () => {
  it.each([
    ['*', [col('*')]],
    ['id,name', [col('id'), col('name')]],
    [' id , name ', [col('id'), col('name')]],
    ['title:name', [col('name', { alias: 'title' })]],
    ['id::text', [col('id', { cast: 'text' })]],
    ['n:amount::double precision', [col('amount', { alias: 'n', cast: 'double precision' })]],
    ['"my col","a,b"', [col('my col'), col('a,b')]],
    ['first-name', [col('first-name')]],
    [
      'data->a->>b',
      [
        {
          kind: 'field',
          field: {
            name: 'data',
            jsonPath: [
              { arrow: '->', operand: 'a', index: false },
              { arrow: '->>', operand: 'b', index: false },
            ],
          },
        },
      ],
    ],
    ['data->0', [{ kind: 'field', field: { name: 'data', jsonPath: [{ arrow: '->', operand: '+0', index: true }] } }]],
    ['count()', [col('*', { aggregate: 'count' })]],
    ['total:amount.sum()::int', [col('amount', { alias: 'total', aggregate: 'sum', aggregateCast: 'int' })]],
    ['*,client(name)', [col('*'), { kind: 'relation', relation: 'client', spread: false, children: [col('name')] }]],
    [
      'owner:users!owner_id!inner(id,name)',
      [
        {
          kind: 'relation',
          relation: 'users',
          alias: 'owner',
          hint: 'owner_id',
          joinType: 'inner',
          spread: false,
          children: [col('id'), col('name')],
        },
      ],
    ],
    ['...client(name)', [{ kind: 'relation', relation: 'client', spread: true, children: [col('name')] }]],
    [
      'a(b(c(*)))',
      [
        {
          kind: 'relation',
          relation: 'a',
          spread: false,
          children: [
            {
              kind: 'relation',
              relation: 'b',
              spread: false,
              children: [{ kind: 'relation', relation: 'c', spread: false, children: [col('*')] }],
            },
          ],
        },
      ],
    ],
  ])('%s', (input, expected) => {
    expect(parseSelect(input)).toEqual(expected);
  });

  it('reads a JSON key of any characters but the reserved .,>():- and tells an index from a key', () => {
    const path = (input: string) => (parseSelect(input)[0] as { field: { jsonPath: unknown[] } }).field.jsonPath;
    expect(path('data->!@#$%^&*_d->>!@#$%^&*_e::integer')).toEqual([
      { arrow: '->', operand: '!@#$%^&*_d', index: false },
      { arrow: '->>', operand: '!@#$%^&*_e', index: false },
    ]);
    expect(path('data->0xy1->23-xy-45->-1')).toEqual([
      { arrow: '->', operand: '0xy1', index: false },
      { arrow: '->', operand: '23-xy-45', index: false },
      { arrow: '->', operand: '-1', index: true },
    ]);
  });

  it.each([
    [
      'data->(x',
      '"failed to parse select parameter (data->(x)" (line 1, column 7)',
      'unexpected "(" expecting "-", digit or any non reserved character different from: .,>()',
    ],
    [
      'data->>--34',
      '"failed to parse select parameter (data->>--34)" (line 1, column 9)',
      'unexpected "-" expecting digit',
    ],
  ])('%s is PGRST100 in PostgREST words', (input, message, details) => {
    try {
      parseSelect(input);
      expect.unreachable();
    } catch (error) {
      expect((error as ApiError).body).toEqual({ code: 'PGRST100', message, details, hint: null });
    }
  });

  it.each([
    ['id,clients(name[])', '"failed to parse select parameter (id,clients(name[]))" (line 1, column 16)'],
    ['name::', '"failed to parse select parameter (name::)" (line 1, column 7)'],
    ['id,', '"failed to parse select parameter (id,)" (line 1, column 4)'],
    ['a(b', '"failed to parse select parameter (a(b)" (line 1, column 4)'],
    // The furthest failure is reported: here the embed's missing `(`, not the `!` that ends a column.
    ['a!b', '"failed to parse select parameter (a!b)" (line 1, column 4)'],
    ["name');drop table x;--", '"failed to parse select parameter (name\');drop table x;--)" (line 1, column 5)'],
  ])('%s is PGRST100', (input, message) => {
    try {
      parseSelect(input);
      expect.unreachable();
    } catch (error) {
      expect((error as ApiError).body).toMatchObject({ code: 'PGRST100', message });
    }
  });
});
