import { describe, expect, it } from 'vitest';
import { formatPercent, loadLevel } from './utilization';

const week = (utilization: string | null, allocated: string, capacity: string, over = false) => ({
  utilization,
  allocated_hours: allocated,
  capacity_hours: capacity,
  over_allocated: over,
});

describe('loadLevel', () => {
  it('names free, partly booked, full and over-allocated weeks', () => {
    expect(loadLevel(week('0', '0', '40.00'))).toBe('free');
    expect(loadLevel(week('0.5', '20', '40.00'))).toBe('partly');
    expect(loadLevel(week('0.95', '38', '40.00'))).toBe('full');
    expect(loadLevel(week('1.25', '50', '40.00', true))).toBe('over');
  });

  it('treats work in a week without capacity as over-allocated, and an empty one as unavailable', () => {
    expect(loadLevel(week(null, '8', '0'))).toBe('over');
    expect(loadLevel(week(null, '0', '0'))).toBe('unavailable');
  });

  it('writes shares as whole percentages', () => {
    expect(formatPercent('0.8750')).toBe('88%');
    expect(formatPercent(null)).toBe('—');
  });
});
