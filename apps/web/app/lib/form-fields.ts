// Reading form fields for validation: trimmed text where empty means "not given", and zod issues as field errors.
import { z } from 'zod';
import type { FieldErrors } from './action-result';
import { isIsoDate } from './dates';

/** Optional text: surrounding spaces dropped, empty becomes undefined. */
export const optionalText = (max: number, label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined),
    z.string().max(max, `${label} may be at most ${max} characters long.`).optional(),
  );

export const requiredDate = (label: string) =>
  z
    .string({ error: `Choose the ${label}.` })
    .trim()
    .min(1, `Choose the ${label}.`)
    .refine(isIsoDate, `The ${label} is not a valid date.`);

export const optionalDate = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined),
    z.string().refine(isIsoDate, `The ${label} is not a valid date.`).optional(),
  );

/** The first problem of each field, by field name, for showing under the inputs. */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === 'string') values[key] = value;
  return values;
}
