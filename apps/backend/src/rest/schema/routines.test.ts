// The functions the schema cache keeps (callable ones only) and the order of their overloads; the fuzzy hints.
import { describe, expect, it } from 'vitest';
import { closestMatch, fuzzyMatches } from './fuzzy.ts';
import { compareRoutines, toRoutine, type RawRoutine } from './routines.ts';
import type { Routine } from './types.ts';

const raw = (argNames: string[] | null, argTypes: string[], extra: Partial<RawRoutine> = {}): RawRoutine => ({
  schema: 'public',
  name: 'f',
  volatility: 'v',
  set: false,
  returnType: 'integer',
  typtype: 'b',
  returnRelation: null,
  argNames,
  argModes: null,
  argTypes,
  defaults: 0,
  description: null,
  ...extra,
});

describe('callable functions', () => {
  it.each([
    ['no parameters', raw(null, []), true],
    ['named parameters', raw(['a', 'b'], ['integer', 'text']), true],
    ['one unnamed json', raw(null, ['json']), true],
    ['one unnamed jsonb', raw(null, ['jsonb']), true],
    ['one unnamed text', raw(null, ['text']), true],
    ['one unnamed xml', raw(null, ['xml']), true],
    ['one unnamed bytea', raw(null, ['bytea']), true],
    ['one unnamed integer', raw(null, ['integer']), false],
    ['one unnamed row type', raw(null, ['public.users']), false],
    ['two unnamed text', raw(null, ['text', 'text']), false],
    // PostgREST checks the first parameter's type, whichever is unnamed.
    ['an unnamed integer after a named text', raw(['a', ''], ['text', 'integer']), true],
    ['an unnamed text after a named integer', raw(['a', ''], ['integer', 'text']), false],
    ['an out parameter without a name', raw(['a', ''], ['integer', 'integer'], { argModes: ['i', 'o'] }), true],
  ])('%s', (_, function_, callable) => {
    expect(toRoutine(function_) !== undefined).toBe(callable);
  });
});

describe('the order of overloads', () => {
  const routine = (params: [string, string][]): Routine => {
    const found = toRoutine(
      raw(
        params.map(([name]) => name),
        params.map(([, type]) => type),
      ),
    );
    if (!found) throw new Error('a callable function was expected');
    return found;
  };

  it('puts fewer parameters first, then orders by parameter name and type', () => {
    const overloads = [
      routine([
        ['a', 'text'],
        ['b', 'integer'],
      ]),
      routine([['a', 'text']]),
      routine([]),
      routine([['a', 'integer']]),
      routine([['', 'text']]),
    ].sort(compareRoutines);
    expect(overloads.map((r) => r.params.map((p) => `${p.name} => ${p.type}`).join(', '))).toEqual([
      '',
      ' => text',
      'a => integer',
      'a => text',
      'a => text, b => integer',
    ]);
  });
});

describe('fuzzy hints', () => {
  it.each([
    ['rest_addd', ['rest_add', 'rest_sub'], 0.75, 'rest_add'],
    ['USERS', ['users', 'user_profiles'], 0.75, 'users'],
    ['function_returning_set_of_rows', ['channel_details', 'messages'], 0.33, null],
    ['(vall, pqaram, nam)', ['(name, param, val)', '(attr, id)'], 0.33, '(name, param, val)'],
    ['(param, val)', ['(name, param, val)', '(attr, id)'], 0.33, '(name, param, val)'],
    ['(attrs, id)', ['(name, param, val)', '(attr, id)'], 0.33, '(attr, id)'],
    ['(id)', ['(name, param, val)', '(attr, id)'], 0.33, '(attr, id)'],
    ['()', ['(name_param)'], 0.33, null],
  ])('%s among %o (at least %s): %s', (value, candidates, minScore, expected) => {
    expect(closestMatch(value, candidates, minScore)).toBe(expected);
  });

  it('answers an exact match alone, so it can be told apart from a near one', () => {
    expect(fuzzyMatches('Users', ['users', 'user'], 0.33)).toEqual([{ candidate: 'users', score: 1 }]);
  });
});
