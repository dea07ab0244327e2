import { describe, expect, it } from 'vitest';
import { formatRange, isIsoDate, overlaps, startOfWeek, weeksBetween, weeksFrom } from './dates';

describe('dates', () => {
  it('finds the start of the week for Monday and Sunday week starts', () => {
    // 2026-03-04 is a Wednesday.
    expect(startOfWeek('2026-03-04')).toBe('2026-03-02');
    expect(startOfWeek('2026-03-08')).toBe('2026-03-02');
    expect(startOfWeek('2026-03-04', 7)).toBe('2026-03-01');
  });

  it('lists consecutive weeks and caps long ranges', () => {
    expect(weeksFrom('2026-03-04', 2)).toEqual([
      { start: '2026-03-02', end: '2026-03-08' },
      { start: '2026-03-09', end: '2026-03-15' },
    ]);
    expect(weeksBetween('2026-03-04', '2026-03-09')).toHaveLength(2);
    expect(weeksBetween('2026-01-01', '2027-12-31', 1, 26)).toHaveLength(26);
  });

  it('accepts only real calendar dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('28.02.2026')).toBe(false);
  });

  it('tells whether inclusive ranges share a day', () => {
    expect(overlaps({ start: '2026-03-01', end: '2026-03-02' }, { start: '2026-03-02', end: '2026-03-09' })).toBe(true);
    expect(overlaps({ start: '2026-03-01', end: '2026-03-01' }, { start: '2026-03-02', end: '2026-03-09' })).toBe(
      false,
    );
  });

  it('writes ranges briefly', () => {
    expect(formatRange('2026-03-03', '2026-03-09')).toBe('3 – 9 Mar 2026');
    expect(formatRange('2026-02-28', '2026-03-06')).toBe('28 Feb – 6 Mar 2026');
    expect(formatRange('2026-03-03', '2026-03-03')).toBe('3 Mar 2026');
    expect(formatRange(null, null)).toBe('No dates');
  });
});
