import { describe, expect, it } from 'vitest';
import { hasValidParams, isValidProjectId } from './route-validation';

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

describe('isValidProjectId', () => {
  it.each([
    '5d6c9e0e-7a43-4a4e-9a39-5a0d7c1b9f10',
    '00000000-0000-0000-0000-000000000000',
    'ABCDEF01-2345-6789-ABCD-EF0123456789',
  ])('accepts %s', (id) => expect(isValidProjectId(id)).toBe(true));

  it.each([
    '123',
    'not-a-uuid',
    '5d6c9e0e7a434a4e9a395a0d7c1b9f10',
    '5d6c9e0e-7a43-4a4e-9a39-5a0d7c1b9f1',
    'g0000000-0000-0000-0000-000000000000',
    '',
  ])('rejects %s', (id) => expect(isValidProjectId(id)).toBe(false));
});
