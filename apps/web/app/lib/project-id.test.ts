import { describe, expect, it } from 'vitest';
import { isMissingTableError, isValidProjectId } from './project-id';

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

describe('isMissingTableError', () => {
  it('recognizes a missing table', () => {
    expect(isMissingTableError({ code: 'PGRST205', message: "Could not find the table 'public.projects'" })).toBe(true);
    expect(isMissingTableError({ code: '42P01', message: 'relation "projects" does not exist' })).toBe(true);
  });

  it('does not hide other failures', () => {
    expect(isMissingTableError({ code: '42501', message: 'permission denied' })).toBe(false);
    expect(isMissingTableError(null)).toBe(false);
  });
});
