import { describe, expect, it } from 'vitest';
import { formatNumber } from './numbers';

describe('formatNumber', () => {
  it('groups thousands and keeps at most the decimals asked for', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(1240)).toBe('1,240');
    expect(formatNumber(1234567.891, 2)).toBe('1,234,567.89');
    expect(formatNumber(7.5, 2)).toBe('7.5');
    expect(formatNumber(7.5)).toBe('8');
    expect(formatNumber(32, 2)).toBe('32');
    expect(formatNumber(-1086.25, 1)).toBe('-1,086.3');
    expect(formatNumber(-0.001, 2)).toBe('0');
    expect(formatNumber(Number.NaN)).toBe('NaN');
  });

  it('writes what Intl writes for English, rounding included', () => {
    const values = [
      1e-7,
      1e21,
      2.5e22,
      0.005,
      0.015,
      0.125,
      1.005,
      2.675,
      999.995,
      999_999.5,
      1e15 + 0.5,
      123456789.125,
      -2.5,
      -0.125,
    ];
    // A reproducible spread of magnitudes and fractions besides the ties above.
    let seed = 7;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 48271) % 2147483647;
      values.push(((seed / 2147483647) * 2 - 1) * 10 ** (i % 9));
    }
    for (const digits of [0, 1, 2]) {
      const intl = new Intl.NumberFormat('en', { maximumFractionDigits: digits });
      for (const value of values) {
        const expected = intl.format(value);
        expect(formatNumber(value, digits), `${value} to ${digits} decimals`).toBe(expected === '-0' ? '0' : expected);
      }
    }
  });
});
