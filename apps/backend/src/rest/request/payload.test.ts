// Request bodies: keys of a JSON object or of a uniform array, PGRST102 otherwise.
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../errors.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.ts';
import { parsePayload } from './payload.ts';

const json = (body: string, extra: Partial<Parameters<typeof parsePayload>[0]> = {}) =>
  parsePayload({ body, contentType: 'application/json', columns: undefined, isCall: false, ...extra });

describe('parsePayload', () => {
  it.each([
    ['{"a":1,"b":2}', { kind: 'json', raw: '{"a":1,"b":2}', keys: ['a', 'b'], isObject: true }],
    ['[{"a":1},{"a":2}]', { kind: 'json', raw: '[{"a":1},{"a":2}]', keys: ['a'], isObject: false }],
    ['[]', { kind: 'json', raw: '[]', keys: [], isObject: false }],
    ['5', { kind: 'json', raw: '[]', keys: [], isObject: false }],
  ])('%s', (body, expected) => expect(json(body)).toEqual(expected));

  it.each([
    ['{bad', 'Empty or invalid json'],
    ['', 'Empty or invalid json'],
    ['[{"a":1},{"b":2}]', 'All object keys must match'],
    ['[1,2]', 'All object keys must match'],
  ])('%s is PGRST102', (body, message) => {
    try {
      json(body);
      expect.unreachable();
    } catch (error) {
      expect((error as ApiError).body).toEqual({ code: 'PGRST102', message, details: null, hint: null });
    }
  });

  it('passes the body through when columns= names the keys', () => {
    expect(json('[{"a":1},{"b":2}]', { columns: ['a', 'b'] })).toEqual({
      kind: 'raw-json',
      raw: '[{"a":1},{"b":2}]',
      isObject: false,
    });
  });

  it('reads a form and an empty call body', () => {
    expect(
      parsePayload({
        body: 'a=1&b=x+y',
        contentType: 'application/x-www-form-urlencoded',
        columns: undefined,
        isCall: false,
      }),
    ).toEqual({ kind: 'json', raw: '{"a":"1","b":"x y"}', keys: ['a', 'b'], isObject: true });
    expect(json('', { isCall: true })).toEqual({ kind: 'json', raw: '{}', keys: [], isObject: true });
  });

  it('refuses other media types', () => {
    expect(() => parsePayload({ body: 'x', contentType: 'text/plain', columns: undefined, isCall: false })).toThrow(
      'Content-Type not acceptable: text/plain',
    );
  });
});

describe('bodies nested too deep for the database', () => {
  const deep = (levels: number) => `{"a":${'['.repeat(levels)}${']'.repeat(levels)}}`;

  it.each([
    ['nested within the limit', deep(MAX_JSON_DEPTH - 1), false],
    ['nested past the limit', deep(MAX_JSON_DEPTH), true],
    ['brackets inside strings', `{"a":"${'['.repeat(5000)}"}`, false],
    ['escaped quotes inside strings', `{"a":"\\"${'['.repeat(5000)}"}`, false],
  ])('%s: refused %s', (_, body, refused) => {
    expect(nestsDeeperThan(body, MAX_JSON_DEPTH)).toBe(refused);
  });

  it('refuses a deep body with PGRST102, with or without columns=', () => {
    for (const columns of [undefined, ['a']]) {
      expect(() => json(deep(5000), { columns })).toThrow(
        expect.objectContaining({
          body: expect.objectContaining({ code: 'PGRST102', details: 'The JSON nests more than 1000 levels deep' }),
        }),
      );
    }
  });
});
