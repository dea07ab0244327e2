// LIKE filters on changed rows, including patterns that would take a backtracking matcher minutes.
import { describe, expect, it } from 'vitest';
import { parseFilter } from './filter-syntax.ts';
import { matches } from './filters.ts';

const passes = (filter: string, body: unknown) => matches(parseFilter(filter), { body });

describe('LIKE and ILIKE', () => {
  it('reads % as any run, _ as one character, and a backslash as taking the next literally', () => {
    expect(passes('body=like.to do%', 'to do: call')).toBe(true);
    expect(passes('body=like.%c_ll', 'to do: call')).toBe(true);
    expect(passes('body=like.%c_ll', 'to do: cal')).toBe(false);
    expect(passes('body=like.100\\%', '100%')).toBe(true);
    expect(passes('body=like.100\\%', '1000')).toBe(false);
    expect(passes('body=like.', '')).toBe(true);
    expect(passes('body=like.%', '')).toBe(true);
    expect(passes('body=ilike.TO DO%', 'to do: call')).toBe(true);
    expect(passes('body=like.TO DO%', 'to do: call')).toBe(false);
    expect(passes('body=like.%', null)).toBe(false);
  });

  it('answers at once for a pattern of many wildcards against a long text that does not match', () => {
    const pattern = `${'%a'.repeat(30)}%b`;
    expect(passes(`body=like.${pattern}`, 'a'.repeat(20_000))).toBe(false);
    expect(passes(`body=like.${pattern}`, `${'a'.repeat(20_000)}b`)).toBe(true);
  });
});
