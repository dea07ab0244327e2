// A person's capacity as its forms send it (weekly hours, work days, or the organization's defaults for either), and
// the same rules for the organization's own defaults.
import { z } from 'zod';

export const weeklyHours = (label: string) =>
  z
    .number({ error: `${label} must be a number of hours.` })
    .min(0, `${label} must be between 0 and 168 hours.`)
    .max(168, `${label} must be between 0 and 168 hours.`);

export const workDays = z
  .array(z.number().int().min(1).max(7), { error: 'Choose the work days.' })
  .min(1, 'Choose at least one work day.')
  .transform((days) => [...new Set(days)].sort((a, b) => a - b));

/** Hours as typed: "32", "7,5"; empty means not given. */
export const hoursFrom = (value: FormDataEntryValue | null) =>
  typeof value === 'string' && value.trim() !== '' ? Number(value.replace(',', '.')) : undefined;

export const daysFrom = (form: FormData) => form.getAll('work_days').map((value) => Number(value));

export const capacitySchema = z.object({
  /** Null: the organization's default applies. */
  weekly_capacity_hours: weeklyHours('The weekly capacity').nullable(),
  work_days: workDays.nullable(),
});

/** The values of a form's capacity fields (CapacityFields): empty hours and the default-days switch mean null. */
export function capacityValues(form: FormData) {
  return {
    weekly_capacity_hours: hoursFrom(form.get('weekly_capacity_hours')) ?? null,
    work_days: form.get('default_work_days') === 'on' ? null : daysFrom(form),
  };
}

export function readCapacity(form: FormData) {
  return capacitySchema.safeParse(capacityValues(form));
}
