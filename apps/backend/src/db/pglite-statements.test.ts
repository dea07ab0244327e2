import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite.ts';
import { PreparedStatements } from './pglite-statements.ts';
import { DbError, type Db } from './types.ts';

const PARSE = 'P'.charCodeAt(0);
const CLOSE = 'C'.charCodeAt(0);
const statement = (text: string) => ({ text, values: [] });

describe('PreparedStatements', () => {
  it('parses a statement the first time and binds it by name afterwards', () => {
    const prepared = new PreparedStatements();
    const first = prepared.prepare([statement('select 1'), statement('select 1')]);
    expect(first.binds.map((messages) => messages.map((message) => message[0]))).toEqual([
      [PARSE, 'B'.charCodeAt(0)],
      ['B'.charCodeAt(0)],
    ]);
    prepared.settle(first, 1);
    expect(prepared.prepare([statement('select 1')]).binds[0]).toHaveLength(1);
  });

  it('parses again what an error stopped before its parse', () => {
    const prepared = new PreparedStatements();
    const batch = prepared.prepare([statement('select 1'), statement('select 2')]);
    prepared.settle(batch, 1);
    const next = prepared.prepare([statement('select 1'), statement('select 2')]);
    expect(next.binds.map((messages) => messages.length)).toEqual([1, 2]);
  });

  it('closes the least recently used statements beyond its capacity, never one the batch uses', () => {
    const prepared = new PreparedStatements();
    for (let i = 0; i < 256; i++) prepared.settle(prepared.prepare([statement(`select ${i}`)]), 1);
    // The oldest is used again, so the second oldest goes first.
    prepared.settle(prepared.prepare([statement('select 0')]), 0);
    const batch = prepared.prepare([statement('select 256'), statement('select 257')]);
    expect(batch.closes.map((message) => message[0])).toEqual([CLOSE, CLOSE]);
    const closed = batch.closes.map((message) => Buffer.from(message.subarray(6, message.length - 1)).toString());
    expect(closed).toEqual(['_backend_2', '_backend_3']);
  });
});

describe('batches on PGlite', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite();
  });
  afterAll(() => db.close());

  const preparedRows = async (text: string) =>
    (
      await db.query<{ runs: number }>(
        `select (generic_plans + custom_plans)::int as runs from pg_prepared_statements where statement = $1`,
        [text],
      )
    ).rows;

  it('prepares a statement once and runs it again by name', async () => {
    const text = 'select $1::int + 1 as next';
    for (let i = 0; i < 3; i++) expect((await db.batch([{ text, params: [i] }]))[0].rows).toEqual([{ next: i + 1 }]);
    expect(await preparedRows(text)).toEqual([{ runs: 3 }]);
  });

  it('keeps no statement that an error stopped before it was parsed, and runs it afterwards', async () => {
    const after = "select 'after' as said";
    const failed = await db
      .batch([{ text: 'select 1 / $1::int', params: [0] }, { text: after }])
      .catch((e: unknown) => e);
    expect((failed as DbError).code).toBe('22012');
    expect(await preparedRows(after)).toEqual([]);
    expect((await db.batch([{ text: after }]))[0].rows).toEqual([{ said: 'after' }]);
    expect(await preparedRows(after)).toEqual([{ runs: 1 }]);
  });

  it('keeps at most 256 statements prepared', async () => {
    for (let i = 0; i < 300; i++) await db.batch([{ text: `select ${i} as n` }]);
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_prepared_statements where name like '\\_backend\\_%'`,
    );
    expect(rows[0].n).toBe(256);
    expect(await preparedRows('select 299 as n')).toEqual([{ runs: 1 }]);
  });
});
