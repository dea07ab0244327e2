import { describe, expect, it } from 'vitest';
import { describeDataError, isMissingTableError } from './data-errors';

describe('describeDataError', () => {
  it('says in words that a project code is taken (409 from the data API)', () => {
    const error = { code: '23505', message: 'duplicate key value violates unique constraint "projects_code_key"' };
    expect(describeDataError(error)).toBe('Another project already uses this code. Choose a different one.');
  });

  it('explains a refused check constraint by its name, never with SQL', () => {
    const error = {
      code: '23514',
      message: 'new row for relation "allocations" violates check constraint "allocations_dates_ordered"',
    };
    expect(describeDataError(error)).toBe('The end date must not be before the start date.');
    const unknown = { code: '23514', message: 'violates check constraint "something_else"' };
    expect(describeDataError(unknown)).not.toContain('constraint');
  });

  it('names what the person may not change when row level security refuses', () => {
    const error = { code: '42501', message: 'new row violates row-level security policy for table "projects"' };
    expect(describeDataError(error, 'projects')).toBe('You do not have permission to change projects.');
  });

  it('explains refusals in words, never in SQL', () => {
    const check = {
      code: '23514',
      message: 'new row for relation "allocations" violates check constraint "allocations_span_limited"',
    };
    expect(describeDataError(check, 'allocations')).toBe(
      'An allocation may span ten years at most. Check the start and end dates.',
    );
    expect(
      describeDataError({ code: '42501', message: 'new row violates row-level security policy' }, 'allocations'),
    ).toMatch(/do not have permission/);
    expect(describeDataError({ code: 'XX000', message: 'select * from x' })).not.toMatch(/select/);
  });
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
