import { describe, expect, it } from 'vitest';
import { describeHours, describeWorkDays, detailsSchema, type ProfileRow } from './profile-schema';

const organization = { name: 'Acme', default_weekly_hours: 40, work_days: [1, 2, 3, 4, 5] };
const profile: ProfileRow = {
  full_name: 'Ada',
  job_title: null,
  time_zone: null,
  weekly_capacity_hours: null,
  work_days: null,
};

describe('capacity descriptions', () => {
  it('says when a value is the organization default', () => {
    expect(describeHours(profile, organization)).toBe('40 h (organization default)');
    expect(describeWorkDays(profile, organization)).toBe('Mon–Fri (organization default)');
  });

  it('shows the person’s own values as they are', () => {
    const own = { ...profile, weekly_capacity_hours: 32.5, work_days: [4, 1, 2] };
    expect(describeHours(own, organization)).toBe('32.5 h');
    expect(describeWorkDays(own, organization)).toBe('Mon, Tue, Thu');
  });

  it('still names the default when the organization cannot be read', () => {
    expect(describeHours(profile, null)).toBe('Organization default');
  });
});

describe('detailsSchema', () => {
  const schema = detailsSchema(new Set(['Europe/Berlin']));

  it('requires a name and accepts known time zones only', () => {
    expect(schema.safeParse({ full_name: '  ' }).success).toBe(false);
    expect(schema.safeParse({ full_name: 'Ada', time_zone: 'Mars/Olympus' }).success).toBe(false);
    expect(schema.parse({ full_name: ' Ada ', job_title: '', time_zone: 'Europe/Berlin' })).toEqual({
      full_name: 'Ada',
      job_title: undefined,
      time_zone: 'Europe/Berlin',
    });
  });
});
