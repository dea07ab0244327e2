// What an announcement is in forms: the fields a manager fills in, the rules they obey, and the row they become.
import { z } from 'zod';
import { isIsoDate } from '../../lib/dates';
import { formatNumber } from '../../lib/numbers';
import { isTimeOfDay, knownTimeZone, toInstant } from './announcement-times';

export const TITLE_MAX = 200;
export const BODY_MAX = 20_000;

/** Publish now, at a chosen date and time, or keep it as a draft nobody but managers sees. */
export const PUBLISH_MODES = ['now', 'at', 'draft'] as const;
export type PublishMode = (typeof PUBLISH_MODES)[number];

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

const optionalDate = (message: string) =>
  z.preprocess(blankToUndefined, z.string().refine(isIsoDate, message).optional());
const optionalTime = z.preprocess(
  blankToUndefined,
  z.string().refine(isTimeOfDay, 'Enter a time of day as HH:MM, e.g. 09:30.').optional(),
);

const announcementFields = z.object({
  title: z
    .string({ error: 'Enter a title.' })
    .trim()
    .min(1, 'Enter a title.')
    .max(TITLE_MAX, `The title may be at most ${TITLE_MAX} characters long.`),
  body: z
    .string()
    .default('')
    .refine((body) => body.length <= BODY_MAX, `The text may be at most ${formatNumber(BODY_MAX)} characters.`),
  pinned: z.preprocess((value) => value === 'on' || value === 'true', z.boolean()),
  publish: z.enum(PUBLISH_MODES, { error: 'Choose when to publish.' }),
  publish_date: optionalDate('The publish date is not a valid date.'),
  publish_time: optionalTime,
  expiry_date: optionalDate('The expiry date is not a valid date.'),
  expiry_time: optionalTime,
  time_zone: z.preprocess((value) => knownTimeZone(typeof value === 'string' ? value : undefined), z.string()),
});

type AnnouncementFields = z.infer<typeof announcementFields>;

/** The columns to write, with publish and expiry resolved to instants. */
export type AnnouncementInput = {
  title: string;
  body: string;
  pinned: boolean;
  publish_at: string | null;
  expires_at: string | null;
};

function publishInstant(fields: AnnouncementFields, now: Date): string | null | undefined {
  if (fields.publish === 'now') return now.toISOString();
  if (fields.publish === 'draft') return null;
  return fields.publish_date ? toInstant(fields.publish_date, fields.publish_time, fields.time_zone) : undefined;
}

/** The form's rules as of `now`: "publish now" means this instant, and the expiry must come after publishing. */
export function announcementInputSchema(now: Date) {
  return announcementFields
    .superRefine((fields, context) => {
      if (fields.publish === 'at' && !fields.publish_date) {
        context.addIssue({ code: 'custom', path: ['publish_date'], message: 'Choose the day to publish on.' });
      }
      if (fields.expiry_time && !fields.expiry_date) {
        context.addIssue({
          code: 'custom',
          path: ['expiry_date'],
          message: 'Choose the day it expires, or clear the time.',
        });
      }
      const publishAt = publishInstant(fields, now);
      if (!publishAt || !fields.expiry_date) return;
      if (toInstant(fields.expiry_date, fields.expiry_time, fields.time_zone) <= publishAt) {
        context.addIssue({
          code: 'custom',
          path: ['expiry_date'],
          message: 'The expiry must be after the publish time.',
        });
      }
    })
    .transform((fields): AnnouncementInput => ({
      title: fields.title,
      body: fields.body,
      pinned: fields.pinned,
      publish_at: publishInstant(fields, now) ?? null,
      expires_at: fields.expiry_date ? toInstant(fields.expiry_date, fields.expiry_time, fields.time_zone) : null,
    }));
}
