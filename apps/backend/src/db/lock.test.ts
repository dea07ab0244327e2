// The data folder lock between processes: contenders finding the same stale lock, and a stale lock whose pid now
// belongs to an unrelated process. Each contender is a real process, as two backends started at once would be.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireLock, DataDirLockedError } from './lock.ts';

const LOCK_MODULE = fileURLToPath(new URL('./lock.ts', import.meta.url));
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A pid that no process has any more. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

/**
 * Starts a process that, from `at` for `forMs`, keeps taking the lock; each time it holds it, it marks the critical
 * section (an exclusive file: finding it taken means two holders at once), then "crashes": leaves the lock naming a
 * dead pid, so every contender keeps finding a stale lock to race for. Prints its counts as JSON.
 */
function contender(file: string, dead: number, at: number, forMs: number): Promise<Record<string, unknown>> {
  const script = `
    const { acquireLock, DataDirLockedError } = await import(${JSON.stringify(LOCK_MODULE)});
    const fs = await import('node:fs');
    const counts = { took: 0, locked: 0, overlaps: 0, other: [] };
    while (Date.now() < ${at}) {}
    while (Date.now() < ${at + forMs}) {
      try {
        acquireLock(${JSON.stringify(file)});
        counts.took++;
        try { fs.closeSync(fs.openSync(${JSON.stringify(`${file}.held`)}, 'wx')); } catch { counts.overlaps++; continue; }
        const until = Date.now() + 1; while (Date.now() < until) {}
        fs.rmSync(${JSON.stringify(`${file}.held`)});
        fs.writeFileSync(${JSON.stringify(file)}, '${dead}');
      } catch (error) {
        if (error instanceof DataDirLockedError && /in use by another process|cannot be locked/.test(error.message)) counts.locked++;
        else counts.other.push(String(error.message));
      }
    }
    console.log(JSON.stringify(counts));`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', () => resolve(JSON.parse(output.trim().split('\n').pop()!))));
}

describe('the data folder lock', () => {
  it('lets only one of several processes racing for the same stale lock hold it, refusing the others clearly', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'teamplan-lock-'));
    const file = path.join(dir, 'pgdata.lock');
    const dead = deadPid();
    writeFileSync(file, String(dead));
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => contender(file, dead, Date.now() + 3000, 2000)));
    const total = (key: string) => outcomes.reduce((sum, counts) => sum + (counts[key] as number), 0);
    expect(total('took')).toBeGreaterThan(10);
    expect(total('overlaps')).toBe(0);
    expect(outcomes.flatMap((counts) => counts.other as string[])).toEqual([]);
  }, 30_000);

  it('takes over a lock whose process died and whose pid now belongs to an unrelated process', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'teamplan-lock-'));
    const file = path.join(dir, 'pgdata.lock');
    const holder = spawn(process.execPath, [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { acquireLock } = await import(${JSON.stringify(LOCK_MODULE)}); acquireLock(${JSON.stringify(file)});
       console.log('locked'); setInterval(() => {}, 1000);`,
    ]);
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    // Its pid reused: an unrelated process (the test runner's parent) now has it.
    const unrelated = process.ppid;
    writeFileSync(file, readFileSync(file, 'utf8').replace(String(holder.pid), String(unrelated)));

    const release = acquireLock(file);
    expect(readFileSync(file, 'utf8')).toContain(String(process.pid));
    expect(() => acquireLock(file)).toThrow(DataDirLockedError);
    release();
  }, 30_000);
});
