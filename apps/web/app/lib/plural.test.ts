import { describe, expect, it } from 'vitest';
import { countOf } from './plural';

describe('countOf', () => {
  it('says one thing in the singular and any other count in the plural', () => {
    expect(countOf(1, 'allocation')).toBe('1 allocation');
    expect(countOf(2, 'allocation')).toBe('2 allocations');
    expect(countOf(0, 'allocation')).toBe('0 allocations');
    expect(countOf(1, 'person', 'people')).toBe('1 person');
    expect(countOf(1200, 'person', 'people')).toBe('1,200 people');
  });
});
