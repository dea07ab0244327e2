// Crash safety: the backend killed (SIGKILL) while it takes writes, a few times over, and started again on the same
// data: every write it acknowledged is there. On PGlite (the data folder, whose stale lock the restart takes over)
// or, when TEST_DATABASE_URL names a server, on PostgreSQL. Load is bounded: a few writers on 127.0.0.1.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/postgres.ts';
import { scratchDataDir } from '../harness.ts';
import { startBackendProcess, type BackendProcess } from './backend-process.ts';

const CYCLES = 3;
const WRITERS = 3;

interface Target {
  name: string;
  env(): Promise<Record<string, string>>;
  cleanup(): Promise<void>;
}

const targets: Target[] = [];
const serverUrl = process.env.TEST_DATABASE_URL;
// Each suite run covers one database: PGlite on the PGlite run, PostgreSQL on the run that names a server.
if (!serverUrl) {
  const dir = scratchDataDir('crash');
  targets.push({
    name: 'PGlite',
    env: async () => ({ DATA_DIR: dir }),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  });
}
if (serverUrl) {
  const dir = scratchDataDir('crash');
  const name = `teamplan_crash_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(serverUrl, 1);
  targets.push({
    name: 'PostgreSQL',
    async env() {
      await admin.exec(`create database "${name}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return { DATA_DIR: dir, DATABASE_URL: url.toString() };
    },
    async cleanup() {
      await admin.exec(`drop database if exists "${name}" with (force)`);
      await admin.close();
      rmSync(dir, { recursive: true, force: true });
    },
  });
}
afterAll(async () => {
  for (const target of targets) await target.cleanup();
});

/**
 * Writers inserting projects until the backend goes away: the names it acknowledged with 201, and any answer of
 * 500 or more (there must be none). A request the kill cuts is neither.
 */
function writeLoad(backend: BackendProcess, cycle: number) {
  const acknowledged: string[] = [];
  const failures: string[] = [];
  let firstAck: () => void;
  const acked = new Promise<void>((resolve) => (firstAck = resolve));
  const headers = {
    apikey: backend.serviceRoleKey,
    authorization: `Bearer ${backend.serviceRoleKey}`,
    'content-type': 'application/json',
    prefer: 'return=minimal',
  };
  const writers = Array.from({ length: WRITERS }, async (_, writer) => {
    for (let n = 0; ; n++) {
      const name = `crash ${cycle}-${writer}-${n}`;
      let response: Response;
      try {
        response = await fetch(`${backend.url}/rest/v1/projects`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ name }),
        });
      } catch {
        return; // The backend was killed: this request was never acknowledged.
      }
      if (response.status === 201) {
        acknowledged.push(name);
        firstAck();
      } else if (response.status >= 500) {
        failures.push(`${response.status}: ${await response.text()}`);
      }
    }
  });
  return { acknowledged, failures, acked, done: Promise.all(writers) };
}

describe.each(targets)('the backend killed under write load on $name', (target) => {
  it(`keeps every acknowledged write through ${CYCLES} kills`, async () => {
    const env = await target.env();
    const acknowledged: string[] = [];
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const backend = await startBackendProcess(env);
      const load = writeLoad(backend, cycle);
      // Killed at a random moment once writes are flowing.
      await load.acked;
      await new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 400));
      await backend.stop('SIGKILL');
      await load.done;
      expect(load.failures).toEqual([]);
      acknowledged.push(...load.acknowledged);
    }
    const backend = await startBackendProcess(env);
    try {
      const response = await fetch(`${backend.url}/rest/v1/projects?select=name&name=like.crash*`, {
        headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}` },
      });
      const stored = new Set(((await response.json()) as Array<{ name: string }>).map((row) => row.name));
      expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
      console.log(`${target.name}: ${acknowledged.length} acknowledged writes kept through ${CYCLES} kills`);
    } finally {
      await backend.stop();
    }
  }, 180_000);
});
