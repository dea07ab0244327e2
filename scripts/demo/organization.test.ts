import { describe, expect, it } from 'vitest';
import { generateOrganization, mondayOf } from './organization.ts';

describe('generateOrganization', () => {
  const org = generateOrganization({
    people: 40,
    projects: 15,
    allocations: 160,
    start: '2026-03-02',
    weeks: 13,
    seed: 7,
  });

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

  it('finds the Monday of a week', () => {
    expect(mondayOf(new Date('2026-03-05T12:00:00Z'))).toBe('2026-03-02');
    expect(mondayOf(new Date('2026-03-08T12:00:00Z'))).toBe('2026-03-02');
  });
});
