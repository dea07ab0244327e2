// Rows kept in memory and the notices that make every process forget them: a row an upload of this process wrote is
// kept only while no change committed after it has been heard of.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/types.ts';
import { RecentRows } from './recent-rows.ts';

/** A database whose notices the test sends itself. */
function notifying() {
  let listener: ((payload: string) => void) | undefined;
  const db = {
    async listen(_channel: string, onNotify: (payload: string) => void) {
      listener = onNotify;
      return async () => {
        listener = undefined;
      };
    },
  } as unknown as Db;
  return { db, notice: (payload: string) => listener!(payload) };
}

describe('rows kept in memory', () => {
  let rows: RecentRows<string>;
  let notice: (payload: string) => void;
  let reads: number;
  const read =
    (value = 'from the database') =>
    () => {
      reads += 1;
      return Promise.resolve(value);
    };

  beforeEach(async () => {
    const fake = notifying();
    notice = fake.notice;
    rows = new RecentRows<string>('changes');
    await rows.start(fake.db);
    reads = 0;
  });

  it('are read once, and again after any notice of a change', async () => {
    expect(await rows.find('a', read())).toBe('from the database');
    expect(await rows.find('a', read())).toBe('from the database');
    expect(reads).toBe(1);
    notice('41');
    await rows.find('a', read());
    expect(reads).toBe(2);
  });

  it("keep the row this process wrote through its own transaction's notice, forgetting the others", async () => {
    await rows.find('other', read());
    const mark = rows.mark();
    rows.wrote({ mark, txid: '42', key: 'a', row: 'written' });
    notice('42');
    expect(await rows.find('a', read())).toBe('written');
    expect(reads).toBe(1);
    await rows.find('other', read());
    expect(reads).toBe(2);
  });

  it('keep the written row when its own notice came before the answer, and nothing after it', async () => {
    const mark = rows.mark();
    notice('42');
    rows.wrote({ mark, txid: '42', key: 'a', row: 'written' });
    expect(await rows.find('a', read())).toBe('written');
    expect(reads).toBe(0);
  });

  it('forget the written row once a change committed after it is heard of', async () => {
    const mark = rows.mark();
    rows.wrote({ mark, txid: '42', key: 'a', row: 'written' });
    notice('42');
    notice('43');
    expect(await rows.find('a', read('changed since'))).toBe('changed since');
  });

  it('do not keep the written row when another change was heard of after it, before the answer', async () => {
    const mark = rows.mark();
    notice('42');
    notice('43');
    rows.wrote({ mark, txid: '42', key: 'a', row: 'written' });
    expect(await rows.find('a', read('changed since'))).toBe('changed since');
  });

  it('do not keep a read that was under way when the written row was kept: it may be from before the write', async () => {
    let finishRead!: (value: string) => void;
    const slowRead = rows.find('a', () => new Promise<string>((resolve) => (finishRead = resolve)));
    rows.wrote({ mark: rows.mark(), txid: '42', key: 'a', row: 'written' });
    finishRead('before the write');
    expect(await slowRead).toBe('before the write');
    expect(await rows.find('a', read())).toBe('written');
  });

  it('keep nothing once stopped', async () => {
    await rows.stop();
    rows.wrote({ mark: rows.mark(), txid: '42', key: 'a', row: 'written' });
    expect(await rows.find('a', read())).toBe('from the database');
  });
});
