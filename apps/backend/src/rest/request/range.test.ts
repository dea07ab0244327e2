// Ranges: limit/offset, the Range header, their intersection, max_rows, and PGRST103.
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../errors.ts';
import { parseRangeHeader, rangesFromParams, restrictRange, topLevelRange } from './range.ts';

describe('ranges', () => {
  it.each([
    [undefined, undefined, { offset: 0 }],
    [undefined, { offset: 0, limit: 10 }, { offset: 0, limit: 10 }],
    [undefined, { offset: 5, limit: 10 }, { offset: 5, limit: 10 }],
    [{ lower: 0, upper: 9 }, undefined, { offset: 0, limit: 10 }],
    [{ lower: 10, upper: Infinity }, undefined, { offset: 10 }],
    [
      { lower: 0, upper: 9 },
      { offset: 0, limit: 3 },
      { offset: 0, limit: 3 },
    ],
    [
      { lower: 5, upper: 9 },
      { offset: 0, limit: 7 },
      { offset: 5, limit: 2 },
    ],
    [undefined, { offset: 3, limit: 0 }, { offset: 3, limit: 0 }],
  ])('header %o with limit %o -> %o', (header, limit, expected) => {
    expect(topLevelRange(header, limit)).toEqual(expected);
  });

  it.each([
    [
      { lower: 5, upper: 2 },
      undefined,
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    ],
    [undefined, { offset: 0, limit: -1 }, 'Limit should be greater than or equal to zero.'],
  ])('header %o with limit %o is PGRST103', (header, limit, details) => {
    try {
      topLevelRange(header, limit);
      expect.unreachable();
    } catch (error) {
      expect((error as ApiError).status).toBe(416);
      expect((error as ApiError).body).toEqual({
        code: 'PGRST103',
        message: 'Requested range not satisfiable',
        details,
        hint: null,
      });
    }
  });

  it('parses the Range header as PostgREST does, ignoring anything else', () => {
    expect(parseRangeHeader('0-9')).toEqual({ lower: 0, upper: 9 });
    expect(parseRangeHeader('10-')).toEqual({ lower: 10, upper: Infinity });
    expect(parseRangeHeader('items=0-9')).toBeUndefined();
    expect(parseRangeHeader(undefined)).toBeUndefined();
  });

  it('reads limit and offset per embed path, ignoring what is not an integer', () => {
    const ranges = rangesFromParams(
      [
        ['', '5'],
        ['tasks', 'x'],
      ],
      [
        ['', '2'],
        ['tasks', '3'],
      ],
    );
    expect(ranges.get('')).toEqual({ offset: 2, limit: 5 });
    expect(ranges.get('tasks')).toEqual({ offset: 3 });
  });

  it('caps at max_rows', () => {
    expect(restrictRange({ offset: 0 }, 1000)).toEqual({ offset: 0, limit: 1000 });
    expect(restrictRange({ offset: 4, limit: 10 }, 1000)).toEqual({ offset: 4, limit: 10 });
    expect(restrictRange({ offset: 0, limit: 5000 }, 1000)).toEqual({ offset: 0, limit: 1000 });
  });
});
