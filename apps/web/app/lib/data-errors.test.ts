import { describe, expect, it } from 'vitest';
import { describeDataError } from './data-errors';

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
});
