// What the profile forms accept, and how capacity reads when it falls back to the organization's default.
import { z } from 'zod';
import { optionalText } from '../../lib/form-fields';
import { formatHours } from '../../lib/hours';
import { formatWorkDays } from '../../lib/weekdays';

export type ProfileRow = {
  full_name: string;
  job_title: string | null;
  time_zone: string | null;
  weekly_capacity_hours: number | null;
  work_days: number[] | null;
};

export type OrganizationDefaults = { name: string; default_weekly_hours: number; work_days: number[] };

export function detailsSchema(timeZones: ReadonlySet<string>) {
  return z.object({
    full_name: z
      .string({ error: 'Enter your name.' })
      .trim()
      .min(1, 'Enter your name.')
      .max(120, 'Your name may be at most 120 characters long.'),
    job_title: optionalText(120, 'The job title'),
    time_zone: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined),
      z
        .string()
        .refine((zone) => timeZones.has(zone), 'Choose a time zone from the list.')
        .optional(),
    ),
  });
}

/** "32 h" when set for the person, "40 h (organization default)" when it falls back; null when neither is known. */
export function describeHours(profile: ProfileRow, organization: OrganizationDefaults | null): string {
  if (profile.weekly_capacity_hours !== null) return formatHours(profile.weekly_capacity_hours);
  if (organization) return `${formatHours(organization.default_weekly_hours)} (organization default)`;
  return 'Organization default';
}

export function describeWorkDays(profile: ProfileRow, organization: OrganizationDefaults | null): string {
  if (profile.work_days !== null) return formatWorkDays(profile.work_days);
  if (organization) return `${formatWorkDays(organization.work_days)} (organization default)`;
  return 'Organization default';
}
