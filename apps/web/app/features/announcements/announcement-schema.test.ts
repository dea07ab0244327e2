import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../../lib/form-fields';
import { announcementInputSchema } from './announcement-schema';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const parse = (values: Record<string, string>) =>
  announcementInputSchema(NOW).safeParse({ title: 'Planning week', body: 'Hello', publish: 'now', ...values });
const errorsOf = (values: Record<string, string>) => {
  const result = parse(values);
  if (result.success) throw new Error('expected the form to be refused');
  return toFieldErrors(result.error);
};

describe('announcementInputSchema', () => {
  it('publishes now, pinned when the box is ticked', () => {
    const result = parse({ pinned: 'on' });
    expect(result.success && result.data).toEqual({
      title: 'Planning week',
      body: 'Hello',
      pinned: true,
      publish_at: '2026-03-10T12:00:00.000Z',
      expires_at: null,
    });
  });

  it('keeps a draft without a publish time, unpinned by default', () => {
    const result = parse({ publish: 'draft', publish_date: '2026-04-01' });
    expect(result.success && result.data).toMatchObject({ publish_at: null, pinned: false });
  });

  it('reads a chosen date and time on the clock of the given time zone', () => {
    const result = parse({
      publish: 'at',
      publish_date: '2026-04-01',
      publish_time: '09:30',
      time_zone: 'Europe/Berlin',
    });
    expect(result.success && result.data.publish_at).toBe('2026-04-01T07:30:00.000Z');
  });

  it('takes the start of the day when no time is given, and UTC for an unknown zone', () => {
    const result = parse({
      publish: 'at',
      publish_date: '2026-04-01',
      expiry_date: '2026-04-08',
      time_zone: 'Not/AZone',
    });
    expect(result.success && result.data).toMatchObject({
      publish_at: '2026-04-01T00:00:00.000Z',
      expires_at: '2026-04-08T00:00:00.000Z',
    });
  });

  it('asks for a title of at most 200 characters', () => {
    expect(errorsOf({ title: '   ' }).title).toBe('Enter a title.');
    expect(errorsOf({ title: 'x'.repeat(201) }).title).toBe('The title may be at most 200 characters long.');
  });

  it('limits the text to 20,000 characters', () => {
    expect(errorsOf({ body: 'x'.repeat(20_001) }).body).toBe('The text may be at most 20,000 characters.');
  });

  it('asks for the day when publishing at a chosen time, and for valid dates and times', () => {
    expect(errorsOf({ publish: 'at' }).publish_date).toBe('Choose the day to publish on.');
    expect(errorsOf({ publish: 'at', publish_date: '2026-02-30' }).publish_date).toBe(
      'The publish date is not a valid date.',
    );
    expect(errorsOf({ publish: 'at', publish_date: '2026-04-01', publish_time: '25:00' }).publish_time).toBe(
      'Enter a time of day as HH:MM, e.g. 09:30.',
    );
    expect(errorsOf({ publish: 'later' }).publish).toBe('Choose when to publish.');
  });

  it('refuses an expiry that is not after the publish time', () => {
    const expiry = 'The expiry must be after the publish time.';
    expect(errorsOf({ expiry_date: '2026-03-10' }).expiry_date).toBe(expiry);
    expect(
      errorsOf({
        publish: 'at',
        publish_date: '2026-04-01',
        publish_time: '09:00',
        expiry_date: '2026-04-01',
        expiry_time: '09:00',
      }).expiry_date,
    ).toBe(expiry);
    expect(errorsOf({ expiry_time: '10:00' }).expiry_date).toBe('Choose the day it expires, or clear the time.');
  });

  it('lets a draft carry an expiry, since it has no publish time yet', () => {
    const result = parse({ publish: 'draft', expiry_date: '2020-01-01' });
    expect(result.success && result.data.expires_at).toBe('2020-01-01T00:00:00.000Z');
  });
});
