// The embedded database has no autovacuum or checkpointer of its own: the backend's passes reuse the space of deleted
// rows, give the planner its statistics, leave tables below autovacuum's thresholds alone, checkpoint when something
// was written, and run by themselves on a data folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { until } from '../../test/wait.ts';
import { DatabaseMaintenance } from './maintenance.ts';
import { openPglite } from './pglite.ts';
import type { Db } from './types.ts';

const heapBytes = async (db: Db, table: string) =>
  Number((await db.query<{ size: string }>('select pg_relation_size($1)::text as size', [table])).rows[0].size);

/** Rows put in and taken out again, as sessions or queued notes come and go. */
async function churn(db: Db, table: string, rows: number): Promise<void> {
  for (let i = 0; i < rows; i += 100) {
    await db.exec(`insert into ${table} (body) select repeat('x', 200) from generate_series(1, 100)`);
    await db.exec(`delete from ${table}`);
  }
}

describe('vacuum and analyze of the embedded database', () => {
  let db: Db;
  let maintenance: DatabaseMaintenance;
  beforeAll(async () => {
    db = await openPglite();
    maintenance = new DatabaseMaintenance(db);
    // Whatever the start left due (the catalogs), so that each test sees only its own tables.
    await maintenance.pass();
  });
  afterAll(() => db.close());

  it('settles: once the work is done, a pass with nothing written since does nothing', async () => {
    // Statistics of many columns: rows of pg_statistic, which ANALYZE never analyzes, written.
    const columns = Array.from({ length: 300 }, (_, i) => `c${i} int default ${i}`).join(', ');
    await db.exec(`create table wide (${columns}); insert into wide (c0) select generate_series(1, 100)`);
    for (let i = 0; i < 3; i++) await maintenance.pass();
    expect(await maintenance.pass()).toEqual([]);
  });

  it('reuses the space of deleted rows, where without a pass the table grows with every change', async () => {
    await db.exec('create table churned (id bigserial primary key, body text)');
    await churn(db, 'churned', 2000);
    const afterFirstRound = await heapBytes(db, 'churned');
    expect(await maintenance.pass()).toContainEqual({ schema: 'public', table: 'churned', action: 'vacuum' });
    for (let round = 0; round < 4; round++) {
      await churn(db, 'churned', 2000);
      await maintenance.pass();
    }
    expect(await heapBytes(db, 'churned')).toBeLessThanOrEqual(afterFirstRound);

    await db.exec('create table unattended (id bigserial primary key, body text)');
    for (let round = 0; round < 5; round++) await churn(db, 'unattended', 2000);
    expect(await heapBytes(db, 'unattended')).toBeGreaterThan(2 * afterFirstRound);
  });

  it('gives the planner statistics for a table that was filled', async () => {
    await db.exec('create table filled (id int primary key, team text)');
    await db.exec(`insert into filled select i, 'team ' || (i % 7) from generate_series(1, 500) as i`);
    expect(await maintenance.pass()).toContainEqual({ schema: 'public', table: 'filled', action: 'analyze' });
    const { rows } = await db.query<{ tuples: number; distinct: number }>(
      `select c.reltuples::int as tuples, s.n_distinct::int as distinct
       from pg_class c join pg_stats s on s.tablename = c.relname and s.attname = 'team'
       where c.relname = 'filled'`,
    );
    expect(rows).toEqual([{ tuples: 500, distinct: 7 }]);
  });

  it('leaves alone a table below the thresholds, and one whose autovacuum is turned off', async () => {
    await db.exec('create table quiet (id int primary key)');
    await db.exec('insert into quiet select generate_series(1, 10)');
    await db.exec('create table excluded (id int primary key) with (autovacuum_enabled = false)');
    await db.exec('insert into excluded select generate_series(1, 5000)');
    const tables = (await maintenance.pass()).map((entry) => ('table' in entry ? entry.table : undefined));
    expect(tables).not.toContain('quiet');
    expect(tables).not.toContain('excluded');
  });

  it('handles any table name', async () => {
    await db.exec(`create schema "Team ""plans"""; create table "Team ""plans""".";drop" (id int)`);
    await db.exec(`insert into "Team ""plans""".";drop" select generate_series(1, 3000)`);
    expect(await maintenance.pass()).toContainEqual({ schema: 'Team "plans"', table: ';drop', action: 'vacuum' });
  });
});

describe('a pass that fails', () => {
  it('is reported, and the passes go on once the database answers again', async () => {
    const db = await openPglite();
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    // The database away for the first pass, as while the embedded database's thread is opened again.
    let away = true;
    const flaky: Db = {
      ...db,
      query: (text, params) =>
        away ? Promise.reject(new Error('The embedded database stopped')) : db.query(text, params),
    };
    const maintenance = new DatabaseMaintenance(flaky, { intervalMs: 20 });
    try {
      await db.exec('create table kept (id bigserial primary key, body text)');
      await churn(db, 'kept', 1000);
      maintenance.start();
      await until(() => reported.mock.calls.length > 0, 5000, 'the failed pass to be reported');
      away = false;
      const vacuumed = async () =>
        (await db.query(`select 1 from pg_stat_user_tables where relname = 'kept' and last_vacuum is not null`)).rows
          .length === 1;
      await until(vacuumed, 10_000, 'a vacuum once the database answers');
      expect(String(reported.mock.calls[0][0])).toBe('The embedded database could not be maintained:');
    } finally {
      await maintenance.stop();
      reported.mockRestore();
      await db.close();
    }
  });
});

describe('checkpoints of the embedded database', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite();
  });
  afterAll(() => db.close());

  const redo = async () =>
    (await db.query<{ lsn: string }>('select redo_lsn::text as lsn from pg_control_checkpoint()')).rows[0].lsn;

  it('checkpoints once its interval has passed and something was written since, and not otherwise', async () => {
    const maintenance = new DatabaseMaintenance(db, { checkpointEveryMs: 0 });
    await maintenance.pass();
    const settled = await redo();
    expect(await maintenance.pass()).not.toContainEqual({ action: 'checkpoint' });
    expect(await redo()).toBe(settled);

    await db.exec('create table written (id bigserial primary key, body text)');
    await churn(db, 'written', 500);
    expect(await maintenance.pass()).toContainEqual({ action: 'checkpoint' });
    expect(await redo()).not.toBe(settled);
  });

  it('waits for checkpoint_timeout (five minutes) when only a little was written', async () => {
    const maintenance = new DatabaseMaintenance(db);
    await db.exec('checkpoint');
    await db.exec('create table little (id int)');
    await db.exec('insert into little select generate_series(1, 1000)');
    expect(await maintenance.pass()).not.toContainEqual({ action: 'checkpoint' });
  });
});

describe('the embedded database in a data folder', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'teamplan-maintenance-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is vacuumed and checkpointed by itself, and closes while a pass is due', async () => {
    const db = await openPglite(dir, { statementTimeoutMs: 0, maintenance: { intervalMs: 100, checkpointEveryMs: 0 } });
    try {
      await db.exec('create table sessions (id bigserial primary key, body text)');
      await churn(db, 'sessions', 1000);
      const vacuumed = async () =>
        (await db.query(`select 1 from pg_stat_user_tables where relname = 'sessions' and last_vacuum is not null`))
          .rows.length === 1;
      await until(vacuumed, 20_000, 'a vacuum of the sessions table');
      const redoAt = async () =>
        (await db.query<{ lsn: string }>('select redo_lsn::text as lsn from pg_control_checkpoint()')).rows[0].lsn;
      const before = await redoAt();
      await churn(db, 'sessions', 1000);
      const checkpointed = async () => (await redoAt()) !== before;
      await until(checkpointed, 20_000, 'a checkpoint');
    } finally {
      await db.close();
    }
  }, 60_000);
});
