// The rules the organization page's forms obey (settings, a person's capacity, an invitation), read from FormData.
import { z } from 'zod';
import {
  capacitySchema,
  capacityValues,
  daysFrom,
  hoursFrom,
  weeklyHours,
  workDays,
} from '../capacity/capacity-schema';

const DOMAIN = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** The zone's canonical IANA name, or null when the runtime does not know it. */
export function canonicalTimeZone(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const settingsSchema = z.object({
  id: z.uuid('The organization could not be identified. Reload the page.'),
  name: z
    .string({ error: 'Enter the organization name.' })
    .trim()
    .min(1, 'Enter the organization name.')
    .max(120, 'The name may be at most 120 characters long.'),
  default_weekly_hours: weeklyHours('The default weekly capacity'),
  work_days: workDays,
  week_start: z.number().int().min(1, 'Choose the first day of the week.').max(7, 'Choose the first day of the week.'),
  time_zone: z.string({ error: 'Choose a time zone.' }).transform((zone, context) => {
    const canonical = zone.trim() === '' ? null : canonicalTimeZone(zone.trim());
    if (!canonical) context.addIssue({ code: 'custom', message: 'Choose a time zone from the list.' });
    return canonical ?? zone;
  }),
  open_signup: z.boolean(),
  allowed_email_domains: z
    .array(z.string())
    .transform((domains) => [...new Set(domains.map((domain) => domain.trim().toLowerCase().replace(/^@+/, '')))])
    .transform((domains) => domains.filter(Boolean))
    .refine((domains) => domains.every((domain) => DOMAIN.test(domain)), {
      message: 'Enter domains like example.com, without "@" or spaces.',
    }),
});

export type SettingsInput = z.infer<typeof settingsSchema>;

export function readSettingsForm(form: FormData) {
  const domains = String(form.get('allowed_email_domains') ?? '');
  return settingsSchema.safeParse({
    id: String(form.get('id') ?? ''),
    name: form.get('name') ?? undefined,
    default_weekly_hours: hoursFrom(form.get('default_weekly_hours')),
    work_days: daysFrom(form),
    week_start: Number(form.get('week_start')),
    time_zone: form.get('time_zone') ?? '',
    open_signup: form.get('open_signup') === 'on',
    allowed_email_domains: domains.split(/[,\s;]+/),
  });
}

/** A person's capacity on the organization page: whose it is, and the capacity fields. */
const memberCapacitySchema = capacitySchema.extend({
  user_id: z.uuid('The person could not be identified. Reload the page.'),
});

export function readCapacityForm(form: FormData) {
  return memberCapacitySchema.safeParse({ user_id: String(form.get('user_id') ?? ''), ...capacityValues(form) });
}

export const invitationSchema = z.object({
  email: z
    .string({ error: 'Enter an e-mail address.' })
    .trim()
    .toLowerCase()
    .min(1, 'Enter an e-mail address.')
    .max(254, 'The address is too long.')
    .pipe(z.email('Enter a valid e-mail address, like name@example.com.')),
  can_manage_users: z.boolean(),
  can_manage_projects: z.boolean(),
  can_manage_announcements: z.boolean(),
});

export function readInvitationForm(form: FormData) {
  return invitationSchema.safeParse({
    email: form.get('email') ?? '',
    can_manage_users: form.get('can_manage_users') === 'on',
    can_manage_projects: form.get('can_manage_projects') === 'on',
    can_manage_announcements: form.get('can_manage_announcements') === 'on',
  });
}
