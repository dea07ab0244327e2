// The collector of unused bytes, against a database and a store that record what they are asked: changes close
// together are collected in one pass, and a note is deleted only after its bytes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db, QueryResult, Statement } from '../db/types.ts';
import { GarbageCollector } from './garbage.ts';
import type { ObjectStore } from './store/types.ts';

function recording(notes: string[]) {
  const events: string[] = [];
  const result = (rows: Record<string, unknown>[]): QueryResult => ({ rows, rowCount: rows.length, fields: [] });
  const db = {
    async batch(statements: Statement[]) {
      return statements.map(({ text, params }) => {
        if (text.startsWith('delete')) {
          const done = params![0] as string[];
          events.push(`forget ${done.length}`);
          notes.splice(0, notes.length, ...notes.filter((note) => !done.includes(note)));
          return result([]);
        }
        events.push('read notes');
        return result(notes.slice(0, 1000).map((version) => ({ version })));
      });
    },
    async query() {
      events.push('sweep tokens');
      return result([]);
    },
  } as unknown as Db;
  const store = {
    async remove(versions: string[]) {
      events.push(`remove ${versions.length}`);
    },
  } as unknown as ObjectStore;
  return { db, store, events };
}

describe('collecting unused bytes', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('collects changes made close together in one pass, a moment after the first', async () => {
    const { db, store, events } = recording(['a', 'b', 'c']);
    const collector = new GarbageCollector(db, store);
    collector.collectSoon();
    await vi.advanceTimersByTimeAsync(100);
    collector.collectSoon();
    collector.collectSoon();
    expect(events).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    await collector.stop();
    expect(events).toEqual(['read notes', 'remove 3', 'forget 3', 'read notes', 'sweep tokens']);
  });

  it('works off more notes than one batch, deleting each note only after its bytes', async () => {
    const notes = Array.from({ length: 2500 }, (_, i) => `v${i}`);
    const { db, store, events } = recording(notes);
    await new GarbageCollector(db, store).collect();
    expect(events).toEqual([
      'read notes',
      'remove 1000',
      'forget 1000',
      'read notes',
      'remove 1000',
      'forget 1000',
      'read notes',
      'remove 500',
      'forget 500',
      'read notes',
      'sweep tokens',
    ]);
    expect(notes).toEqual([]);
  });

  it('answers a request made during a pass only after a pass that read the notes made since', async () => {
    const notes = ['a'];
    const { db, store, events } = recording(notes);
    // The first pass is held at its last step, after it last read the notes; the next one while it deletes bytes.
    const hold = () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      return { held, release };
    };
    const sweepStep = hold();
    const removeStep = hold();
    const sweep = db.query.bind(db);
    db.query = (async (...args: Parameters<Db['query']>) => {
      await sweepStep.held;
      return sweep(...args);
    }) as Db['query'];
    const remove = store.remove.bind(store);
    store.remove = async (versions) => {
      if (versions.includes('b')) await removeStep.held;
      return remove(versions);
    };
    const collector = new GarbageCollector(db, store);
    const first = collector.collect();
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['read notes', 'remove 1', 'forget 1', 'read notes']);
    notes.push('b');
    const second = collector.collect().then(() => events.push('answered'));
    sweepStep.release();
    await first;
    await vi.advanceTimersByTimeAsync(0);
    expect(events).not.toContain('answered');
    removeStep.release();
    await second;
    expect(notes).toEqual([]);
    expect(events.slice(4)).toEqual(['sweep tokens', 'read notes', 'remove 1', 'forget 1', 'read notes', 'answered']);
  });
});
