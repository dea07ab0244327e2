import { describe, expect, it } from 'vitest';
import { readCapacity } from './capacity-schema';

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe('readCapacity', () => {
  it('reads empty hours and "use the default" as null', () => {
    const result = readCapacity(
      form([
        ['weekly_capacity_hours', ''],
        ['default_work_days', 'on'],
      ]),
    );
    expect(result.success && result.data).toEqual({ weekly_capacity_hours: null, work_days: null });
  });

  it('accepts hours and days, written with a decimal comma or point', () => {
    const result = readCapacity(
      form([
        ['weekly_capacity_hours', '32'],
        ['work_days', '1'],
        ['work_days', '3'],
      ]),
    );
    expect(result.success && result.data).toEqual({ weekly_capacity_hours: 32, work_days: [1, 3] });
    const decimal = readCapacity(
      form([
        ['weekly_capacity_hours', '37,5'],
        ['default_work_days', 'on'],
      ]),
    );
    expect(decimal.success && decimal.data.weekly_capacity_hours).toBe(37.5);
  });

  it('refuses hours outside 0-168 and an empty set of days', () => {
    expect(
      readCapacity(
        form([
          ['weekly_capacity_hours', '200'],
          ['default_work_days', 'on'],
        ]),
      ).success,
    ).toBe(false);
    expect(
      readCapacity(
        form([
          ['weekly_capacity_hours', 'abc'],
          ['default_work_days', 'on'],
        ]),
      ).success,
    ).toBe(false);
    expect(readCapacity(form([['weekly_capacity_hours', '']])).success).toBe(false);
  });
});
