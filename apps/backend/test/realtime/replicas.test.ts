// Two backend processes on one PostgreSQL are one realtime service: broadcasts (websocket and HTTP), presence and
// postgres_changes published through one reach subscribers connected to the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/server.ts';
import { Inbox, startRealtimeBackend, subscribed, until, type RealtimeBackend, STARTUP_MS } from './backend.ts';
import { createNodeClient } from '@teamplan/supabase-node';

// Several processes share a database only on PostgreSQL: a PGlite data folder belongs to one process (it is locked),
// so on PGlite there is nothing to fan out to and this suite runs only with TEST_DATABASE_URL.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('two backend processes on one database', () => {
  let rb: RealtimeBackend;
  let other: Backend;
  const clients: Array<ReturnType<typeof createNodeClient>> = [];
  const clientOf = (backend: Backend) => {
    const client = createNodeClient(backend.url, backend.deps.keys.anonKey);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    rb = await startRealtimeBackend();
    other = await rb.sibling();
    await rb.backend.deps.db.exec(`
      create table public.items (id int primary key, label text);
      alter publication supabase_realtime add table public.items;
    `);
  }, STARTUP_MS);
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.removeAllChannels()));
    await rb.stop();
  });

  it('carries broadcasts from one process to the other, over websocket and HTTP', async () => {
    const inbox = new Inbox<{ event: string; payload: unknown }>();
    await subscribed(clientOf(rb.backend).channel('shared').on('broadcast', { event: '*' }, inbox.push));
    const sender = await subscribed(clientOf(other).channel('shared'));
    await sender.send({ type: 'broadcast', event: 'hello', payload: { via: 'socket' } });
    expect(await sender.httpSend('hello', { via: 'http' })).toEqual({ success: true });
    const big = 'x'.repeat(20_000);
    await sender.send({ type: 'broadcast', event: 'big', payload: { big } });
    const messages = await inbox.next(3);
    expect(messages.map((m) => m.payload)).toEqual([{ via: 'socket' }, { via: 'http' }, { big }]);
  });

  it('shows presence tracked on the other process, and its end', async () => {
    const watcher = clientOf(rb.backend).channel('lobby', { config: { presence: { key: 'watcher' } } });
    watcher.on('presence', { event: 'sync' }, () => {});
    await subscribed(watcher);
    const visitor = clientOf(other).channel('lobby', { config: { presence: { key: 'visitor' } } });
    await subscribed(visitor);
    await visitor.track({ name: 'Visitor' });
    await until(() => 'visitor' in watcher.presenceState(), 5000, 'the visitor');
    await visitor.untrack();
    await until(() => !('visitor' in watcher.presenceState()), 5000, 'the visitor leaving');
  });

  it('tells a process that starts later who is present, and forgets the presences of a process that stops', async () => {
    const early = clientOf(rb.backend).channel('hall', { config: { presence: { key: 'early' } } });
    early.on('presence', { event: 'sync' }, () => {});
    await subscribed(early);
    await early.track({ at: 'first' });
    const late = await rb.sibling();
    const watcher = clientOf(late).channel('hall', { config: { presence: { key: 'late' } } });
    watcher.on('presence', { event: 'sync' }, () => {});
    await subscribed(watcher);
    await until(() => 'early' in watcher.presenceState(), 5000, 'the early presence');
    await watcher.track({ at: 'second' });
    await until(() => 'late' in early.presenceState(), 5000, 'the late presence');
    await late.stop();
    await until(() => !('late' in early.presenceState()), 5000, 'the stopped process leaving');
  });

  it('delivers a change written through one process to subscribers of both', async () => {
    const here = new Inbox<{ new: { label?: string } }>();
    const there = new Inbox<{ new: { label?: string } }>();
    const filter = { event: 'INSERT', schema: 'public', table: 'items' } as const;
    await subscribed(clientOf(rb.backend).channel('items-1').on('postgres_changes', filter, here.push));
    await subscribed(clientOf(other).channel('items-2').on('postgres_changes', filter, there.push));
    const { error } = await clientOf(other).from('items').insert({ id: 1, label: 'written on two' });
    expect(error).toBeNull();
    expect((await here.next(1))[0]!.new.label).toBe('written on two');
    expect((await there.next(1))[0]!.new.label).toBe('written on two');
  });
});
