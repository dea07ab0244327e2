// An allocation in forms: what a form posts, how it is checked, and the values a form starts from.
import { z } from 'zod';
import type { FieldErrors } from '../../lib/action-result';
import { optionalText, requiredDate, toFieldErrors } from '../../lib/form-fields';
import type { AllocationFormValues } from './allocation-draft';

const uuid = (message: string) => z.string({ error: message }).trim().pipe(z.guid(message));

/** Hours as a posted form sends them ("6", "7,5", "" when empty) or as an input holding a number has them (6). */
const hoursPerDay = (value: unknown) => {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && value.trim() !== '' ? Number(value.replace(',', '.')) : undefined;
};

/** The rules of an allocation, for the server action and for the planner's check before its optimistic save. */
export const allocationInputSchema = z
  .object({
    project_id: uuid('Choose a project.'),
    user_id: uuid('Choose a person.'),
    start_date: requiredDate('start date'),
    end_date: requiredDate('end date'),
    hours_per_day: z.preprocess(
      hoursPerDay,
      z
        .number({ error: 'Enter the hours per day, for example 4.' })
        .gt(0, 'Hours per day must be more than 0.')
        .max(24, 'Hours per day may be at most 24.'),
    ),
    // A checkbox sends "on" when ticked and nothing otherwise.
    tentative: z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean()),
    role: optionalText(120, 'The role'),
    note: optionalText(2000, 'The note'),
  })
  .refine((allocation) => allocation.end_date >= allocation.start_date, {
    path: ['end_date'],
    message: 'The end date must not be before the start date.',
  });

export type AllocationInput = z.infer<typeof allocationInputSchema>;

/** The row to save, or the first problem of each field: the same words the server action answers with. */
export function checkAllocation(
  values: AllocationFormValues,
): { ok: true; row: ReturnType<typeof toAllocationRow> } | { ok: false; errors: FieldErrors } {
  const parsed = allocationInputSchema.safeParse(values);
  return parsed.success
    ? { ok: true, row: toAllocationRow(parsed.data) }
    : { ok: false, errors: toFieldErrors(parsed.error) };
}

/** Every column written explicitly: a missing one would be stored as null, not as its default. */
export function toAllocationRow(input: AllocationInput) {
  return {
    project_id: input.project_id,
    user_id: input.user_id,
    start_date: input.start_date,
    end_date: input.end_date,
    hours_per_day: input.hours_per_day,
    tentative: input.tentative,
    role: input.role ?? null,
    note: input.note ?? null,
  };
}
