// One contract for every Db adapter: PGlite always, PostgreSQL too when TEST_DATABASE_URL names a server.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openScratchDb } from '../../test/harness.ts';
import { DataDirLockedError } from './lock.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { withScope } from './scope.ts';
import { DbError, type Db } from './types.ts';

interface Adapter {
  name: string;
  open(): Promise<{ db: Db; drop(): Promise<void> }>;
}

const adapters: Adapter[] = [
  {
    name: 'pglite',
    open: async () => {
      const db = await openPglite();
      return { db, drop: () => db.close() };
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  adapters.push({ name: 'postgres', open: openScratchDb });
}

describe.each(adapters)('Db contract on $name', (adapter) => {
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await adapter.open());
    await db.exec(`
      do $$ begin
        if not exists (select 1 from pg_roles where rolname = 'contract_reader') then
          create role contract_reader nologin;
        end if;
      end $$;
      create table notes (id serial primary key, owner text not null, body text, big bigint, amount numeric,
        at timestamptz, day date, flag boolean, tags text[], meta jsonb);
      alter table notes enable row level security;
      grant select on notes to contract_reader;
      create policy own on notes for select to contract_reader
        using (owner = current_setting('request.jwt.claims', true)::jsonb ->> 'sub');
    `);
  });
  afterAll(() => drop());

  it('sends parameters as values, never as SQL', async () => {
    const hostile = "x'); drop table notes; --";
    await db.query('insert into notes (owner, body) values ($1, $2)', ['alice', hostile]);
    const { rows } = await db.query<{ body: string }>('select body from notes where owner = $1', ['alice']);
    expect(rows).toEqual([{ body: hostile }]);
  });

  it('parses the same types the same way', async () => {
    const { rows } = await db.query(
      `select 1::int as i, 2::smallint as s, 1.5::float8 as f, true as b, 9007199254740993::bigint as big,
              12.50::numeric as n, '2026-03-04'::date as d, '{"a":[1]}'::jsonb as j, null::text as z,
              '{a,b}'::text[] as arr, $1::jsonb as echoed`,
      [{ k: 'v' }],
    );
    expect(rows[0]).toEqual({
      i: 1,
      s: 2,
      f: 1.5,
      b: true,
      big: '9007199254740993',
      n: '12.50',
      d: '2026-03-04',
      j: { a: [1] },
      z: null,
      arr: '{a,b}',
      echoed: { k: 'v' },
    });
  });

  it('reports affected rows, selected rows and field names', async () => {
    const result = await db.query("update notes set flag = true where owner = 'alice'");
    expect(result.rowCount).toBe(1);
    const select = await db.query('select id, owner from notes limit 1');
    expect(select.fields.map((f) => f.name)).toEqual(['id', 'owner']);
    expect(select.rowCount).toBe(1);
    const [batched] = await db.batch([{ text: "update notes set flag = false where owner = 'alice'" }]);
    expect(batched.rowCount).toBe(1);
    const inTx = await db.transaction((tx) => tx.query("update notes set flag = true where owner = 'alice'"));
    expect(inTx.rowCount).toBe(1);
    const none = await db.transaction((tx) => tx.query("delete from notes where owner = 'nobody'"));
    expect(none.rowCount).toBe(0);
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await db.transaction((tx) => tx.query("insert into notes (owner) values ('committed')"));
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into notes (owner) values ('rolled back')");
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    const { rows } = await db.query<{ owner: string }>(
      "select owner from notes where owner in ('committed', 'rolled back')",
    );
    expect(rows.map((r) => r.owner)).toEqual(['committed']);
  });

  it('runs a batch in one transaction, and rolls back a trial batch whether it succeeds or fails', async () => {
    const [inserted, counted] = await db.batch([
      { text: 'insert into notes (owner) values ($1) returning owner', params: ['batched'] },
      { text: "select count(*)::int as n from notes where owner = 'batched'" },
    ]);
    expect(inserted.rows).toEqual([{ owner: 'batched' }]);
    expect(counted.rows).toEqual([{ n: 1 }]);

    const trial = await db.batch(
      [
        { text: "select set_config('request.method', $1, true) is null as unset", params: ['TRIAL'] },
        { text: 'insert into notes (owner) values ($1) returning owner', params: ['tried'] },
      ],
      { commit: false },
    );
    expect(trial.map((result) => result.rows)).toEqual([[{ unset: false }], [{ owner: 'tried' }]]);
    const failed = await db
      .batch([{ text: "insert into notes (owner) values ('tried')" }, { text: 'select 1/0' }], { commit: false })
      .catch((e: unknown) => e);
    expect((failed as DbError).code).toBe('22012');

    // Nothing tried was kept, and the connection was left outside any transaction, its settings gone.
    const { rows } = await db.query<{ tried: number; method: string }>(
      `select count(*)::int as tried, coalesce(current_setting('request.method', true), '') as method
       from notes where owner = 'tried'`,
    );
    expect(rows).toEqual([{ tried: 0, method: '' }]);
    await db.batch([{ text: "insert into notes (owner) values ('after a trial')" }]);
    expect((await db.query("select 1 from notes where owner = 'after a trial'")).rows).toHaveLength(1);
  });

  it('runs a batch again after the table it reads changed, or after every prepared statement was dropped', async () => {
    await db.exec('create table reshaped (a int); insert into reshaped values (1)');
    const read = [{ text: 'select * from reshaped where a = $1', params: [1] }];
    expect((await db.batch(read))[0].rows).toEqual([{ a: 1 }]);
    await db.exec('alter table reshaped add column b text');
    expect((await db.batch(read))[0].rows).toEqual([{ a: 1, b: null }]);
    await db.exec('alter table reshaped drop column a, add column a int');
    expect((await db.batch(read))[0].rows).toEqual([]);
    await db.exec('deallocate all');
    expect((await db.batch(read, { commit: false }))[0].rows).toEqual([]);
    await db.exec('drop table reshaped');
    const gone = await db.batch(read).catch((e: unknown) => e);
    expect((gone as DbError).code).toBe('42P01');
  });

  it('raises database errors with their SQLSTATE', async () => {
    const error = await db.query('insert into notes (owner) values (null)').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DbError);
    expect((error as DbError).code).toBe('23502');
    const inTx = await db.transaction((tx) => tx.query('select 1/0')).catch((e: unknown) => e);
    expect((inTx as DbError).code).toBe('22012');
  });

  it('runs several statements with exec', async () => {
    await db.exec("insert into notes (owner) values ('e1'); insert into notes (owner) values ('e2');");
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from notes where owner like 'e_'");
    expect(rows[0].n).toBe(2);
  });

  it('scopes a transaction to a role and its claims, so row level security decides', async () => {
    await db.query("insert into notes (owner, body) values ('bob', 'for bob')");
    const scope = { role: 'contract_reader', claims: { sub: 'bob' }, method: 'GET', path: '/notes' };
    const seen = await withScope(db, scope, async (tx) => {
      const who = await tx.query<{ role: string; method: string }>(
        "select current_user as role, current_setting('request.method') as method",
      );
      const notes = await tx.query<{ owner: string }>('select owner from notes');
      return { who: who.rows[0], owners: notes.rows.map((r) => r.owner) };
    });
    expect(seen.who).toEqual({ role: 'contract_reader', method: 'GET' });
    expect(seen.owners).toEqual(['bob']);
    const after = await db.query<{ role: string }>('select current_user as role');
    expect(after.rows[0].role).not.toBe('contract_reader');
  });

  it('delivers notifications to listeners until they stop listening', async () => {
    const received: string[] = [];
    const stop = await db.listen('contract_channel', (payload) => received.push(payload));
    await db.query("select pg_notify('contract_channel', 'hello')");
    await expect.poll(() => received, { timeout: 5000 }).toEqual(['hello']);
    await stop();
    await db.query("select pg_notify('contract_channel', 'ignored')");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toEqual(['hello']);
  });
});

describe('PGlite data folder', () => {
  it('refuses a second server on the same folder with a clear message, and reopens after the first closes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'teamplan-lock-'));
    try {
      const first = await openPglite(dir);
      // The lock belongs to this process, so simulate another live process holding it.
      writeFileSync(path.join(dir, 'pgdata.lock'), String(process.ppid));
      await expect(openPglite(dir)).rejects.toThrow(DataDirLockedError);
      await expect(openPglite(dir)).rejects.toThrow(/in use by another process/);
      writeFileSync(path.join(dir, 'pgdata.lock'), String(process.pid));
      await first.exec("create table kept (v text); insert into kept values ('survives')");
      await first.close();
      const second = await openPglite(dir);
      const { rows } = await second.query<{ v: string }>('select v from kept');
      expect(rows).toEqual([{ v: 'survives' }]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('postgres adapter', () => {
  it('fails clearly when the server cannot be reached', async () => {
    await expect(openPostgres('postgres://nobody@127.0.0.1:1/none')).rejects.toThrow();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('postgres statement time limit', () => {
  it('cancels a statement that runs past BACKEND_STATEMENT_TIMEOUT_MS', async () => {
    const db = await openPostgres(process.env.TEST_DATABASE_URL!, 1, { statementTimeoutMs: 100 });
    try {
      await expect(db.query('select pg_sleep(2)')).rejects.toMatchObject({ code: '57014' });
      expect((await db.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });
});
