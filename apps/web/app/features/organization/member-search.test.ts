import { describe, expect, it } from 'vitest';
import { searchMembers } from './member-search';
import type { Member } from './organization-model';

const member = (id: string, full_name: string, email: string, job_title: string | null): Member => ({
  id,
  full_name,
  email,
  job_title,
  joined: '5 Jan 2026',
  weekly_capacity_hours: null,
  work_days: null,
  can_manage_users: false,
  can_manage_projects: false,
  can_manage_announcements: false,
});

const members = [
  member('1', 'Zoë Müller', 'zoe@example.com', 'Designer'),
  member('2', 'Max Member', 'max.member@example.com', 'Backend developer'),
  member('3', 'Ada Admin', 'ada@corp.test', null),
];

const ids = (query: string) => searchMembers(members, query).map((found) => found.id);

describe('searchMembers', () => {
  it('finds by part of the name, ignoring case and accents', () => {
    expect(ids('zoe mull')).toEqual(['1']);
  });

  it('finds by e-mail and by job title', () => {
    expect(ids('corp.test')).toEqual(['3']);
    expect(ids('developer')).toEqual(['2']);
  });

  it('needs every word to match, and shows everyone for an empty search', () => {
    expect(ids('max designer')).toEqual([]);
    expect(ids('  ')).toEqual(['1', '2', '3']);
  });
});
