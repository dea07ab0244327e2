import { describe, expect, it } from 'vitest';
import { processCpuMs } from './worker.ts';

describe('processCpuMs', () => {
  it('grows by the CPU time a process uses, not by the time that passes', async () => {
    const before = processCpuMs(process.pid)!;
    const spinUntil = performance.now() + 300;
    while (performance.now() < spinUntil);
    const afterSpin = processCpuMs(process.pid)!;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const afterSleep = processCpuMs(process.pid)!;
    expect(afterSpin - before).toBeGreaterThanOrEqual(200);
    expect(afterSleep - afterSpin).toBeLessThan(150);
  });

  it('is undefined for a process that does not exist', () => {
    expect(processCpuMs(2 ** 22 + 1)).toBeUndefined();
  });
});
