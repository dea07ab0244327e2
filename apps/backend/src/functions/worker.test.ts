import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { processCpuMs } from './worker.ts';

const children: ReturnType<typeof spawn>[] = [];
afterEach(() => children.splice(0).forEach((child) => child.kill('SIGKILL')));

const started = (command: string, args: string[]) => {
  const child = spawn(command, args, { stdio: 'ignore' });
  children.push(child);
  return child.pid;
};
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('processCpuMs', () => {
  it('counts the CPU time a process uses, not the time that passes', async () => {
    const spinning = started(process.execPath, ['-e', 'const end = Date.now() + 10_000; while (Date.now() < end);']);
    const sleeping = started('sleep', ['10']);
    await wait(200);
    const [spinStart, sleepStart] = [processCpuMs(spinning)!, processCpuMs(sleeping)!];
    await wait(600);
    expect(processCpuMs(spinning)! - spinStart).toBeGreaterThanOrEqual(100);
    expect(processCpuMs(sleeping)! - sleepStart).toBeLessThan(50);
  });

  it('is undefined for a process that does not exist', () => {
    expect(processCpuMs(2 ** 22 + 1)).toBeUndefined();
  });
});
