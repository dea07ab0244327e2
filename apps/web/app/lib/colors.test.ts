import { describe, expect, it } from 'vitest';
import { contrastRatio, luminance, textColorOn } from './colors';

const ratio = (a: string, b: string) => contrastRatio(luminance(a)!, luminance(b)!);

describe('textColorOn', () => {
  it('picks white on dark colors and dark text on light ones', () => {
    expect(textColorOn('#1864ab')).toBe('#ffffff');
    expect(textColorOn('#fab005')).toBe('#000000');
  });

  it('reads at 4.5:1 or more on the colors people pick for projects', () => {
    for (const color of [
      '#2f9e44',
      '#e03131',
      '#1971c2',
      '#f08c00',
      '#7048e8',
      '#0c8599',
      '#868e96',
      '#c2255c',
      '#777777',
    ]) {
      expect(ratio(textColorOn(color), color)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('falls back to white for a color it cannot read', () => {
    expect(textColorOn('tomato')).toBe('#ffffff');
  });
});
