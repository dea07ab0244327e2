// The order parameter: text -> order terms, and PostgREST's errors for bad modifiers.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { parseOrder } from './order.ts';

const field = (name: string) => ({ name, jsonPath: [] });

describe('parseOrder', () => {
  it.each([
    ['id', [{ field: field('id') }]],
    ['id.desc', [{ field: field('id'), direction: 'desc' }]],
    ['name.desc.nullsfirst', [{ field: field('name'), direction: 'desc', nulls: 'first' }]],
    ['name.nullslast', [{ field: field('name'), nulls: 'last' }]],
    [
      'a.asc,b.desc,c',
      [{ field: field('a'), direction: 'asc' }, { field: field('b'), direction: 'desc' }, { field: field('c') }],
    ],
    [
      'data->x.desc',
      [{ field: { name: 'data', jsonPath: [{ arrow: '->', operand: 'x', index: false }] }, direction: 'desc' }],
    ],
    ['client(name).desc', [{ relation: 'client', field: field('name'), direction: 'desc' }]],
  ])('%s', (input, expected) => expect(parseOrder(input)).toEqual(expected));

  it.each([
    [
      'id.ac',
      '"failed to parse order (id.ac)" (line 1, column 4)',
      'unexpected "a" expecting "asc", "desc", "nullsfirst" or "nullslast"',
    ],
    [
      'id.descc',
      '"failed to parse order (id.descc)" (line 1, column 8)',
      'unexpected "c" expecting delimiter (.), "," or end of input',
    ],
    [
      'id.asc.nlsfst',
      '"failed to parse order (id.asc.nlsfst)" (line 1, column 8)',
      'unexpected "n" expecting "nullsfirst" or "nullslast"',
    ],
  ])('%s is PGRST100', (input, message, details) => {
    try {
      parseOrder(input);
      expect.unreachable();
    } catch (error) {
      expect((error as ApiError).body).toEqual({ code: 'PGRST100', message, details, hint: null });
    }
  });
});
