// The soak test's measure of memory growth: the rise and fall of garbage collection is not growth; a leak is.
import { describe, expect, it } from 'vitest';
import { rssGrowth } from './mixed-load.ts';

const seconds = Array.from({ length: 61 }, (_, second) => second);

describe('rssGrowth', () => {
  it('sees no growth in memory that rises and falls with each collection', () => {
    // A saw tooth of 40 MB over 256 MB, ending on a peak, as a single sample at the end would have it.
    const samples = seconds.map((second) => 256 + ((second * 7) % 40));
    samples[samples.length - 1] = 296;
    expect(Math.abs(rssGrowth(samples).growth)).toBeLessThan(0.02);
  });

  it('sees a leak that moves the whole curve', () => {
    // 1 MB more every second, under the same saw tooth: about 45 MB over the 45 s after the warm-up.
    const samples = seconds.map((second) => 256 + second + ((second * 7) % 40));
    const { growth } = rssGrowth(samples);
    expect(growth).toBeGreaterThan(0.12);
    expect(growth).toBeLessThan(0.2);
  });
});
