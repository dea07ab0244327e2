import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../../lib/form-fields';
import { readCapacityForm, readInvitationForm, readSettingsForm } from './organization-schemas';

const ORG_ID = '0b6f2f4e-3c1a-4d8e-9f00-1a2b3c4d5e6f';

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const settings = (overrides: [string, string][] = [], days = ['1', '2', '3', '4', '5']) =>
  form([
    ['id', ORG_ID],
    ['name', '  Acme  '],
    ['default_weekly_hours', '37,5'],
    ...days.map((day): [string, string] => ['work_days', day]),
    ['week_start', '1'],
    ['time_zone', 'Europe/Berlin'],
    ['open_signup', 'on'],
    ['allowed_email_domains', '@Acme.COM,acme.de, acme.com'],
    ...overrides,
  ]);

describe('readSettingsForm', () => {
  it('reads every setting, with domains lower-case, without "@" and once each', () => {
    const result = readSettingsForm(settings());
    expect(result.success && result.data).toEqual({
      id: ORG_ID,
      name: 'Acme',
      default_weekly_hours: 37.5,
      work_days: [1, 2, 3, 4, 5],
      week_start: 1,
      time_zone: 'Europe/Berlin',
      open_signup: true,
      allowed_email_domains: ['acme.com', 'acme.de'],
    });
  });

  it('treats a missing switch as sign-up closed and an empty domain list as none', () => {
    const data = settings();
    data.delete('open_signup');
    data.set('allowed_email_domains', '');
    const result = readSettingsForm(data);
    expect(result.success && result.data.open_signup).toBe(false);
    expect(result.success && result.data.allowed_email_domains).toEqual([]);
  });

  it('names each field that is wrong', () => {
    const data = settings([], []);
    data.set('name', ' ');
    data.set('default_weekly_hours', '200');
    data.set('time_zone', 'Mars/Olympus_Mons');
    data.set('allowed_email_domains', 'not a domain');
    const result = readSettingsForm(data);
    expect(result.success).toBe(false);
    expect(toFieldErrors(result.error!)).toEqual({
      name: 'Enter the organization name.',
      default_weekly_hours: 'The default weekly capacity must be between 0 and 168 hours.',
      work_days: 'Choose at least one work day.',
      time_zone: 'Choose a time zone from the list.',
      allowed_email_domains: 'Enter domains like example.com, without "@" or spaces.',
    });
  });
});

describe('readCapacityForm', () => {
  const person = '5d0c8f9e-1111-4222-8333-444455556666';

  it('keeps empty hours and the default-days switch as "organization default"', () => {
    const result = readCapacityForm(
      form([
        ['user_id', person],
        ['weekly_capacity_hours', ''],
        ['default_work_days', 'on'],
      ]),
    );
    expect(result.success && result.data).toEqual({ user_id: person, weekly_capacity_hours: null, work_days: null });
  });

  it('reads a person’s own hours and days', () => {
    const result = readCapacityForm(
      form([
        ['user_id', person],
        ['weekly_capacity_hours', '32'],
        ['work_days', '4'],
        ['work_days', '1'],
        ['work_days', '2'],
      ]),
    );
    expect(result.success && result.data).toEqual({ user_id: person, weekly_capacity_hours: 32, work_days: [1, 2, 4] });
  });

  it('refuses own days with none chosen, and hours out of range', () => {
    const result = readCapacityForm(
      form([
        ['user_id', person],
        ['weekly_capacity_hours', '-1'],
      ]),
    );
    expect(toFieldErrors(result.error!)).toEqual({
      weekly_capacity_hours: 'The weekly capacity must be between 0 and 168 hours.',
      work_days: 'Choose at least one work day.',
    });
  });
});

describe('readInvitationForm', () => {
  it('reads the address lower-case and the chosen permissions', () => {
    const result = readInvitationForm(
      form([
        ['email', ' New.Person@Example.COM '],
        ['can_manage_projects', 'on'],
      ]),
    );
    expect(result.success && result.data).toEqual({
      email: 'new.person@example.com',
      can_manage_users: false,
      can_manage_projects: true,
      can_manage_announcements: false,
    });
  });

  it('asks for a valid address', () => {
    expect(toFieldErrors(readInvitationForm(form([['email', '']])).error!)).toEqual({
      email: 'Enter an e-mail address.',
    });
    expect(toFieldErrors(readInvitationForm(form([['email', 'nobody']])).error!)).toEqual({
      email: 'Enter a valid e-mail address, like name@example.com.',
    });
  });
});
