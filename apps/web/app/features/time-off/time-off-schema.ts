// Time off as a form posts it: the checks the server runs before recording it.
import { z } from 'zod';
import { optionalText, requiredDate } from '../../lib/form-fields';
import { TIME_OFF_KINDS } from './time-off-model';

/** Hours as a posted form sends them ("4", "3,5", "" for whole days). */
const hoursOff = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? Number(value.replace(',', '.')) : undefined;

export const timeOffInputSchema = z
  .object({
    user_id: z.string({ error: 'Choose a person.' }).trim().pipe(z.guid('Choose a person.')),
    kind: z.enum(TIME_OFF_KINDS, { error: 'Choose vacation, sick, public holiday or other.' }),
    start_date: requiredDate('first day'),
    end_date: requiredDate('last day'),
    hours: z.preprocess(
      hoursOff,
      z
        .number({ error: 'Enter the hours off a day as a number, or leave it empty for whole days.' })
        .gt(0, 'Hours off must be more than 0. Leave it empty for whole days.')
        .max(24, 'Hours off may be at most 24 a day.')
        .optional(),
    ),
    note: optionalText(2000, 'The note'),
  })
  .refine((entry) => entry.end_date >= entry.start_date, {
    path: ['end_date'],
    message: 'The last day must not be before the first day.',
  });

export type TimeOffInput = z.infer<typeof timeOffInputSchema>;
