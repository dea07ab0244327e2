import { describe, expect, it } from 'vitest';
import { summarizeAudit, type AuditRow } from './audit-summary';

const ADA = '11111111-1111-4111-8111-111111111111';
const MAX = '22222222-2222-4222-8222-222222222222';
const names = new Map([
  [ADA, 'Ada Admin'],
  [MAX, 'Max Member'],
]);

const row = (overrides: Partial<AuditRow>): AuditRow => ({
  id: 1,
  occurred_at: '2026-01-05T13:03:00Z',
  actor_id: ADA,
  actor_email: 'ada@example.com',
  table_name: 'organization_users',
  record_id: MAX,
  action: 'update',
  before: null,
  after: null,
  ...overrides,
});

describe('summarizeAudit', () => {
  it('says who changed which permission of whom, before and after, in the organization’s time zone', () => {
    const entry = summarizeAudit(
      row({
        before: { user_id: MAX, can_manage_users: false, can_manage_projects: false, created_at: 'x' },
        after: { user_id: MAX, can_manage_users: false, can_manage_projects: true, created_at: 'x' },
      }),
      names,
      'Europe/Berlin',
    );
    expect(entry).toEqual({
      id: 1,
      when: '5 Jan 2026, 14:03',
      who: 'Ada Admin',
      whoDetail: 'ada@example.com',
      what: 'Changed membership of Max Member',
      changes: ['Can manage projects: No → Yes'],
    });
  });

  it('reads organization settings in words: work days, week start and domains', () => {
    const entry = summarizeAudit(
      row({
        table_name: 'organization',
        record_id: 'org',
        before: { work_days: [1, 2, 3, 4, 5], week_start: 1, allowed_email_domains: [], updated_at: 'a' },
        after: { work_days: [1, 2, 3, 4], week_start: 7, allowed_email_domains: ['acme.com'], updated_at: 'b' },
      }),
      names,
      'UTC',
    );
    expect(entry.what).toBe('Changed organization settings');
    expect(entry.changes).toEqual([
      'Work days: Mon–Fri → Mon–Thu',
      'Week starts on: Monday → Sunday',
      'Allowed e-mail domains: none → acme.com',
    ]);
  });

  it('lists only what a new invitation grants, and names the system when nobody signed in acted', () => {
    const entry = summarizeAudit(
      row({
        actor_id: null,
        actor_email: null,
        table_name: 'invitations',
        action: 'insert',
        after: {
          id: 'i',
          email: 'new@example.com',
          can_manage_users: true,
          accepted_at: null,
          sent_at: '2026-01-05T13:03:00Z',
          invited_by: ADA,
        },
      }),
      names,
      'UTC',
    );
    expect(entry.who).toBe('System');
    expect(entry.what).toBe('Created invitation for new@example.com');
    expect(entry.changes).toEqual(['Can manage users: Yes']);
  });

  it('calls the account linked to an invitation an account, and one deleted since then a deleted account', () => {
    const entry = summarizeAudit(
      row({
        table_name: 'invitations',
        before: { email: 'gone@example.com', user_id: null },
        after: { email: 'gone@example.com', user_id: '33333333-3333-4333-8333-333333333333' },
      }),
      names,
      'UTC',
    );
    expect(entry.changes).toEqual(['Account: — → a deleted account']);
  });

  it('names a removed member, and a project by its name', () => {
    expect(summarizeAudit(row({ action: 'delete', before: { user_id: MAX } }), names, 'UTC').what).toBe(
      'Removed membership of Max Member',
    );
    const project = summarizeAudit(
      row({ table_name: 'projects', action: 'delete', record_id: 'p', before: { name: 'Apollo' } }),
      names,
      'UTC',
    );
    expect(project.what).toBe('Deleted project “Apollo”');
  });

  it('says which allocation: the person, the project and the dates, in words', () => {
    const ORBIT = '33333333-3333-4333-8333-333333333333';
    const withProject = new Map([...names, [ORBIT, 'Orbit']]);
    const allocation = { user_id: MAX, project_id: ORBIT, start_date: '2026-01-05', end_date: '2026-01-16' };
    const created = summarizeAudit(
      row({
        table_name: 'allocations',
        record_id: 'a1',
        action: 'insert',
        after: { ...allocation, hours_per_day: 6, tentative: false, id: 'a1' },
      }),
      withProject,
      'UTC',
    );
    expect(created.what).toBe('Created allocation of Max Member on “Orbit”, 5 – 16 Jan 2026');
    expect(created.changes).toEqual(['Hours per day: 6']);
    const moved = summarizeAudit(
      row({
        table_name: 'allocations',
        record_id: 'a1',
        before: allocation,
        after: { ...allocation, start_date: '2026-01-12', end_date: '2026-01-23' },
      }),
      withProject,
      'UTC',
    );
    expect(moved.what).toBe('Changed allocation of Max Member on “Orbit”, 12 – 23 Jan 2026');
    expect(moved.changes).toEqual(['Start: 5 Jan 2026 → 12 Jan 2026', 'End: 16 Jan 2026 → 23 Jan 2026']);
  });
});
