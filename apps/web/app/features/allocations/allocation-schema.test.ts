import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../../lib/form-fields';
import { newAllocationDates, toFormValues, type AllocationFormValues } from './allocation-draft';
import { allocationInputSchema, checkAllocation } from './allocation-schema';

const PROJECT = '3f2b8c1e-8d4a-4f6e-9b1a-2c3d4e5f6a7b';
const PERSON = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

/** What the project page posts: every value a string, the checkbox "on" or absent. */
const posted = (values: Record<string, string>) => ({
  project_id: PROJECT,
  user_id: PERSON,
  start_date: '2026-03-02',
  end_date: '2026-03-13',
  hours_per_day: '6',
  role: '',
  note: '',
  ...values,
});

/** What the planner's dialog holds: hours as a number, the box as a boolean. */
const held = (values: Partial<AllocationFormValues>): AllocationFormValues => ({
  ...toFormValues({ project_id: PROJECT, user_id: PERSON, start_date: '2026-03-02', end_date: '2026-03-13' }),
  hours_per_day: 6,
  ...values,
});

function postedErrors(values: Record<string, string>) {
  const result = allocationInputSchema.safeParse(posted(values));
  if (result.success) throw new Error('expected the form to be refused');
  return toFieldErrors(result.error);
}

function heldErrors(values: Partial<AllocationFormValues>) {
  const result = checkAllocation(held(values));
  if (result.ok) throw new Error('expected the dialog to refuse');
  return result.errors;
}

describe('allocation rules, the same for a posted form and for the planner', () => {
  it.each([
    ['no hours', { hours_per_day: '' }, { hours_per_day: '' }, 'Enter the hours per day, for example 4.'],
    ['zero hours', { hours_per_day: '0' }, { hours_per_day: 0 }, 'Hours per day must be more than 0.'],
    ['more than a day', { hours_per_day: '24.5' }, { hours_per_day: 24.5 }, 'Hours per day may be at most 24.'],
  ])('%s: one message', (_case, form, planner, message) => {
    expect(postedErrors(form).hours_per_day).toBe(message);
    expect(heldErrors(planner).hours_per_day).toBe(message);
  });

  it('asks for a project when none is chosen', () => {
    expect(postedErrors({ project_id: '' }).project_id).toBe('Choose a project.');
    expect(heldErrors({ project_id: '' }).project_id).toBe('Choose a project.');
  });

  it('asks for the dates, and refuses an end before the start', () => {
    expect(postedErrors({ start_date: '' }).start_date).toBe('Choose the start date.');
    expect(heldErrors({ start_date: '' }).start_date).toBe('Choose the start date.');
    const backwards = { start_date: '2026-03-13', end_date: '2026-03-02' };
    expect(postedErrors(backwards).end_date).toBe('The end date must not be before the start date.');
    expect(heldErrors(backwards).end_date).toBe('The end date must not be before the start date.');
  });

  it('limits the role to 120 characters and the note to 2000', () => {
    const long = { role: 'r'.repeat(121), note: 'n'.repeat(2001) };
    const expected = {
      role: 'The role may be at most 120 characters long.',
      note: 'The note may be at most 2000 characters long.',
    };
    expect(postedErrors(long)).toMatchObject(expected);
    expect(heldErrors(long)).toMatchObject(expected);
  });
});

describe('checkAllocation', () => {
  it('gives the row to save: text trimmed, empty text as null', () => {
    const result = checkAllocation(held({ hours_per_day: 7.5, tentative: true, role: '  Designer ', note: ' ' }));
    expect(result).toEqual({
      ok: true,
      row: {
        project_id: PROJECT,
        user_id: PERSON,
        start_date: '2026-03-02',
        end_date: '2026-03-13',
        hours_per_day: 7.5,
        tentative: true,
        role: 'Designer',
        note: null,
      },
    });
  });

  it('reads a posted form the same way: a ticked box, a decimal comma', () => {
    const result = allocationInputSchema.safeParse(posted({ tentative: 'on', hours_per_day: '7,5' }));
    expect(result.success && result.data).toMatchObject({ tentative: true, hours_per_day: 7.5 });
    expect(allocationInputSchema.parse(posted({})).tentative).toBe(false);
  });
});

describe('toFormValues', () => {
  it('starts a new allocation at 8 hours a day, not tentative, with empty text', () => {
    expect(toFormValues({ project_id: PROJECT })).toEqual({
      project_id: PROJECT,
      user_id: '',
      start_date: '',
      end_date: '',
      hours_per_day: 8,
      tentative: false,
      role: '',
      note: '',
    });
  });

  it('shows a stored allocation as it is, hours read from the database text', () => {
    expect(toFormValues({ hours_per_day: '4.5', role: 'Lead', note: null, tentative: true })).toMatchObject({
      hours_per_day: 4.5,
      role: 'Lead',
      note: '',
      tentative: true,
    });
  });
});

describe('newAllocationDates', () => {
  const today = '2026-11-23';

  it('starts today on a project that started in the past, and runs to its end', () => {
    expect(newAllocationDates({ start_date: '2026-01-05', end_date: '2027-03-31' }, today)).toEqual({
      start_date: today,
      end_date: '2027-03-31',
    });
  });

  it("starts at a future project's start", () => {
    expect(newAllocationDates({ start_date: '2027-02-01', end_date: '2027-03-31' }, today)).toEqual({
      start_date: '2027-02-01',
      end_date: '2027-03-31',
    });
  });

  it('leaves the end open when the project has none, or it has already ended', () => {
    expect(newAllocationDates({ start_date: null, end_date: null }, today)).toEqual({ start_date: today });
    expect(newAllocationDates({ start_date: '2026-01-05', end_date: '2026-06-30' }, today)).toEqual({
      start_date: today,
    });
  });
});
