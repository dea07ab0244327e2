// The embedded database on its own thread: what the backend relies on (errors with their SQLSTATE, transactions,
// notifications) works across threads, and a statement past the time limit is stopped while the backend's thread
// stays free, with the database serving again at once and nothing committed lost.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite.ts';
import { DbError, type Db } from './types.ts';
import { until } from '../../test/wait.ts';

/** Changes travel through the database and a socket: ten seconds leaves room for a busy machine. */
const waitFor = (check: () => boolean) => until(check, 10_000);

const LIMIT_MS = 1500;
const RUNAWAY = 'select count(*) from generate_series(1, 2000000000)';

let dir: string;
let db: Db;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'teamplan-threaded-'));
  db = await openPglite(dir, { statementTimeoutMs: LIMIT_MS });
  await db.exec('create table notes (id int primary key, body text)');
}, 60_000);
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('PGlite on its own thread', () => {
  it('answers queries with parsed rows and errors with their SQLSTATE', async () => {
    await db.query('insert into notes values ($1, $2)', [1, 'first']);
    const { rows } = await db.query<{ id: number; body: string }>('select id, body from notes');
    expect(rows).toEqual([{ id: 1, body: 'first' }]);
    const duplicate = await db.query('insert into notes values (1, $1)', ['again']).catch((error: unknown) => error);
    expect(duplicate).toBeInstanceOf(DbError);
    expect((duplicate as DbError).code).toBe('23505');
  });

  it('commits a transaction that succeeds and rolls back one that throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into notes values (2, $1)', ['kept']);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into notes values (3, $1)', ['dropped']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await db.query<{ id: number }>('select id from notes order by id');
    expect(rows.map((row) => row.id)).toEqual([1, 2]);
  });

  it('delivers notifications', async () => {
    const heard: string[] = [];
    const stop = await db.listen('news', (payload) => heard.push(payload));
    await db.query(`select pg_notify('news', 'hello')`);
    await waitFor(() => heard.includes('hello'));
    await stop();
  });

  it('starts with 32MB of shared buffers unless [db.settings] says otherwise, and with the settings given', async () => {
    const setting = async (target: Db, name: string) =>
      (await target.query<{ value: string }>('select current_setting($1) as value', [name])).rows[0].value;
    expect(await setting(db, 'shared_buffers')).toBe('32MB');
    const otherDir = mkdtempSync(path.join(tmpdir(), 'teamplan-threaded-settings-'));
    const other = await openPglite(otherDir, {
      statementTimeoutMs: 0,
      settings: { shared_buffers: '16MB', work_mem: '8MB' },
    });
    try {
      expect(await setting(other, 'shared_buffers')).toBe('16MB');
      expect(await setting(other, 'work_mem')).toBe('8MB');
    } finally {
      await other.close();
      rmSync(otherDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('stops a statement past the time limit while the backend thread stays free, and serves again', async () => {
    const heard: string[] = [];
    const stop = await db.listen('news', (payload) => heard.push(payload));
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 50);
    const started = Date.now();
    const error = await db.query(RUNAWAY).catch((failure: unknown) => failure);
    const tookMs = Date.now() - started;
    clearInterval(ticker);
    expect(error).toBeInstanceOf(DbError);
    expect((error as DbError).code).toBe('57014');
    expect(tookMs).toBeLessThan(LIMIT_MS + 1000);
    // The event loop kept running: about one tick every 50 ms.
    expect(ticks).toBeGreaterThan(LIMIT_MS / 50 / 2);

    const { rows } = await db.query<{ id: number }>('select id from notes order by id');
    expect(rows.map((row) => row.id)).toEqual([1, 2]);
    // A listener hears that it may have missed something, then hears on.
    await waitFor(() => heard.includes(''));
    await db.query(`select pg_notify('news', 'after')`);
    await waitFor(() => heard.includes('after'));
    await stop();
  }, 30_000);
});
