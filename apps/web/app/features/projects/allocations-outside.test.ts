import { describe, expect, it } from 'vitest';
import { allocationsOutside } from './allocations-outside';

const a = (start_date: string, end_date: string) => ({ start_date, end_date });

describe('allocationsOutside', () => {
  const allocations = [
    a('2026-01-26', '2026-02-06'),
    a('2026-02-09', '2026-02-13'),
    a('2026-02-23', '2026-03-06'),
    a('2026-03-09', '2026-03-13'),
  ];

  it('tells allocations partly outside the dates from those wholly outside', () => {
    expect(allocationsOutside(allocations, '2026-02-02', '2026-02-27')).toEqual({
      partly: [allocations[0], allocations[2]],
      wholly: [allocations[3]],
    });
  });

  it('excludes nothing on an open side', () => {
    expect(allocationsOutside(allocations, null, '2026-03-06')).toEqual({ partly: [], wholly: [allocations[3]] });
    expect(allocationsOutside(allocations, null, null)).toEqual({ partly: [], wholly: [] });
  });
});
