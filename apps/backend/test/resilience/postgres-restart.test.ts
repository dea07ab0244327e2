// The backend outlives its PostgreSQL server going away: its LISTEN connection terminated, every connection cut and
// new ones refused for a while. Meanwhile it answers 503 with a retryable error; once the server is back it serves
// again by itself within a second. Runs on the PostgreSQL suite run only (TEST_DATABASE_URL).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/postgres.ts';
import type { Db } from '../../src/db/types.ts';
import { startBackendProcess, type BackendProcess } from './backend-process.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('the backend on a PostgreSQL server that goes away', () => {
  const name = `teamplan_restart_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamplan-restart-'));
  let admin: Db;
  let proxy: TcpProxy;
  let backend: BackendProcess;

  const get = (pathname: string) => fetch(`${backend.url}${pathname}`, { headers: { apikey: backend.anonKey } });
  const listeners = async () =>
    (
      await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = $1 and query = 'listen "pgrst"'`,
        [name],
      )
    ).rows;
  async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe().catch(() => undefined);
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  beforeAll(async () => {
    admin = await openPostgres(serverUrl!, 1);
    await admin.exec(`create database "${name}"`);
    const target = new URL(serverUrl!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(serverUrl!);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    viaProxy.pathname = `/${name}`;
    backend = await startBackendProcess({ DATABASE_URL: viaProxy.toString(), DATA_DIR: dataDir });
    await waitFor('the schema listener', async () => ((await listeners()).length === 1 ? true : undefined));
  }, 90_000);

  afterAll(async () => {
    await backend?.stop();
    await proxy?.close();
    await admin?.exec(`drop database if exists "${name}" with (force)`);
    await admin?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps running and listens again when its LISTEN connection is terminated', async () => {
    const [before] = await listeners();
    await admin.query('select pg_terminate_backend($1)', [before.pid]);
    const again = await waitFor('a new LISTEN connection', async () => {
      const now = await listeners();
      return now.length === 1 && now[0].pid !== before.pid ? now[0] : undefined;
    });
    expect(again.pid).not.toBe(before.pid);
    expect(backend.exit()).toBeUndefined();
    expect((await get('/rest/v1/projects?select=id')).status).toBe(200);
  });

  it('keeps running when every connection is terminated, and serves with new ones', async () => {
    await get('/rest/v1/projects?select=id');
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [name],
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(backend.exit()).toBeUndefined();
    expect((await get('/rest/v1/projects?select=id')).status).toBe(200);
  });

  it('answers 503 with a retryable error while the server is away, and serves within a second of its return', async () => {
    await proxy.down();
    const rest = await get('/rest/v1/projects?select=id');
    expect(rest.status).toBe(503);
    expect(rest.headers.get('retry-after')).toBe('1');
    expect(await rest.json()).toMatchObject({ code: 'PGRST001' });
    const health = await get('/auth/v1/health');
    expect(health.status).toBe(503);
    expect((await get('/rest/v1/')).status).toBe(503);
    const signIn = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password-1' }),
    });
    expect(signIn.status).toBe(503);
    const text = await signIn.text();
    expect(text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|at .*\.ts/);

    await proxy.up();
    const back = Date.now();
    await waitFor('a 200 after the server came back', async () =>
      (await get('/rest/v1/projects?select=id')).status === 200 ? true : undefined,
    );
    const recoveryMs = Date.now() - back;
    console.log(`served again ${recoveryMs} ms after the server came back`);
    expect(recoveryMs).toBeLessThan(1000);
    expect((await get('/auth/v1/health')).status).toBe(200);
    expect((await get('/rest/v1/')).status).toBe(200);
    await waitFor('the schema listener again', async () => ((await listeners()).length === 1 ? true : undefined));
    expect(backend.exit()).toBeUndefined();
  });
});
