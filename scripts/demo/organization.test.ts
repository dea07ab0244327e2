import { describe, expect, it } from 'vitest';
import { generateOrganization, mondayOf } from './organization.ts';

describe('generateOrganization', () => {
  const size = { people: 40, projects: 15, allocations: 160, start: '2026-03-02', weeks: 13, seed: 7 };
  const org = generateOrganization(size);

  it('makes the requested numbers of people, projects and allocations', () => {
    expect(org.people).toHaveLength(40);
    expect(org.projects).toHaveLength(15);
    expect(org.allocations).toHaveLength(160);
    expect(org.timeOff.length).toBeGreaterThan(0);
  });

  it('keeps every allocation inside the span, with ordered dates and valid hours', () => {
    for (const a of org.allocations) {
      expect(a.start_date >= '2026-03-02').toBe(true);
      expect(a.end_date >= a.start_date).toBe(true);
      expect(a.end_date < '2026-06-01').toBe(true);
      expect(a.hours_per_day).toBeGreaterThan(0);
      expect(a.hours_per_day).toBeLessThanOrEqual(24);
    }
  });

  it('gives unique e-mail addresses and project codes, and one administrator', () => {
    expect(new Set(org.people.map((p) => p.email)).size).toBe(40);
    expect(new Set(org.projects.map((p) => p.code)).size).toBe(15);
    expect(org.people.filter((p) => p.can_manage_users)).toHaveLength(1);
  });

  it('is the same organization for the same seed', () => {
    const again = generateOrganization({
      people: 40,
      projects: 15,
      allocations: 160,
      start: '2026-03-02',
      weeks: 13,
      seed: 7,
    });
    expect(again.people.map((p) => p.full_name)).toEqual(org.people.map((p) => p.full_name));
  });

  it('writes announcements as someone who may: two pinned, one scheduled, one expired, one draft', () => {
    const dated = generateOrganization({ ...size, today: '2026-04-15' });
    const now = Date.parse('2026-04-15T12:00:00Z');
    const managers = new Set(dated.people.filter((p) => p.can_manage_announcements).map((p) => p.id));
    const { announcements } = dated;
    expect(announcements.length).toBeGreaterThanOrEqual(5);
    for (const a of announcements) {
      expect(managers.has(a.created_by)).toBe(true);
      expect(a.title.length).toBeGreaterThan(0);
      expect(a.title.length).toBeLessThanOrEqual(200);
      if (a.publish_at && a.expires_at) expect(Date.parse(a.expires_at)).toBeGreaterThan(Date.parse(a.publish_at));
    }
    const live = announcements.filter(
      (a) => a.publish_at && Date.parse(a.publish_at) <= now && (!a.expires_at || Date.parse(a.expires_at) > now),
    );
    expect(live.filter((a) => a.pinned)).toHaveLength(2);
    expect(announcements.filter((a) => a.publish_at && Date.parse(a.publish_at) > now)).toHaveLength(1);
    expect(announcements.filter((a) => a.expires_at && Date.parse(a.expires_at) <= now)).toHaveLength(1);
    expect(announcements.filter((a) => a.publish_at === null)).toHaveLength(1);
    expect(generateOrganization({ ...size, today: '2026-04-15' }).announcements).toEqual(announcements);
  });

  it('finds the Monday of a week', () => {
    expect(mondayOf(new Date('2026-03-05T12:00:00Z'))).toBe('2026-03-02');
    expect(mondayOf(new Date('2026-03-08T12:00:00Z'))).toBe('2026-03-02');
  });
});
