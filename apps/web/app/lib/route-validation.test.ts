import { describe, expect, it } from 'vitest';
import { hasValidParams } from './route-validation';

describe('hasValidParams', () => {
  it('accepts routes without parameters', () => {
    expect(hasValidParams({})).toBe(true);
  });

  it('accepts a UUID project id and rejects anything else', () => {
    expect(hasValidParams({ id: '5d6c9e0e-7a43-4a4e-9a39-5a0d7c1b9f10' })).toBe(true);
    expect(hasValidParams({ id: 'not-a-uuid' })).toBe(false);
    expect(hasValidParams({ id: '42' })).toBe(false);
  });

  it('ignores parameters it has no rule for, such as the catch-all', () => {
    expect(hasValidParams({ '*': 'any/thing' })).toBe(true);
  });
});
