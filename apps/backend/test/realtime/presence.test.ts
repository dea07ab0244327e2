// Presence through supabase-js: track and untrack seen by the others (presence_state, presence_diff) keyed by
// config.presence.key, and a socket that drops leaves presence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeClient } from '@teamplan/supabase-node';
import WebSocket from 'ws';
import { startRealtimeBackend, subscribed, until, type RealtimeBackend, type Vsn, STARTUP_MS } from './backend.ts';

let rb: RealtimeBackend;
beforeAll(async () => {
  rb = await startRealtimeBackend();
}, STARTUP_MS);
afterAll(() => rb.stop());

let counter = 0;
const room = () => `presence-${++counter}`;

describe.each(['1.0.0', '2.0.0'] as Vsn[])('presence on vsn %s', (vsn) => {
  it('shows who tracks, by key, and who leaves', async () => {
    const topic = room();
    const ada = rb.client(vsn).channel(topic, { config: { presence: { key: 'ada' } } });
    const leaves: string[] = [];
    ada.on('presence', { event: 'leave' }, ({ key }) => leaves.push(key));
    await subscribed(ada);
    expect(await ada.track({ name: 'Ada' })).toBe('ok');

    const bob = rb.client(vsn).channel(topic, { config: { presence: { key: 'bob' } } });
    bob.on('presence', { event: 'sync' }, () => {});
    await subscribed(bob);
    // Bob, joining later, gets the state so far.
    await until(() => Object.keys(bob.presenceState()).includes('ada'), 5000, 'ada in presence_state');
    expect(bob.presenceState().ada![0]).toMatchObject({ name: 'Ada' });
    await bob.track({ name: 'Bob' });
    await until(() => Object.keys(ada.presenceState()).sort().join() === 'ada,bob', 5000, 'bob joining');

    // Tracking again replaces the meta, it does not add one.
    await bob.track({ name: 'Bob', typing: true });
    await until(
      () => (ada.presenceState().bob?.[0] as { typing?: boolean } | undefined)?.typing === true,
      5000,
      'bob updated',
    );
    expect(ada.presenceState().bob).toHaveLength(1);

    await bob.untrack();
    await until(() => !('bob' in ada.presenceState()), 5000, 'bob leaving');
    expect(leaves).toContain('bob');
  });
});

it('drops the presence of a socket that goes away without leaving', async () => {
  const topic = room();
  const watcher = rb.client('2.0.0').channel(topic, { config: { presence: { key: 'watcher' } } });
  watcher.on('presence', { event: 'sync' }, () => {});
  await subscribed(watcher);

  const url = `${rb.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${rb.backend.deps.keys.anonKey}&vsn=1.0.0`;
  const raw = new WebSocket(url);
  await new Promise((resolve) => raw.once('open', resolve));
  const send = (message: object) => raw.send(JSON.stringify(message));
  send({
    topic: `realtime:${topic}`,
    event: 'phx_join',
    payload: { config: { presence: { key: 'ghost' } } },
    ref: '1',
    join_ref: '1',
  });
  send({
    topic: `realtime:${topic}`,
    event: 'presence',
    payload: { type: 'presence', event: 'track', payload: { name: 'Ghost' } },
    ref: '2',
    join_ref: '1',
  });
  await until(() => 'ghost' in watcher.presenceState(), 5000, 'ghost tracked');
  raw.terminate();
  await until(() => !('ghost' in watcher.presenceState()), 5000, 'ghost gone');
});

it('drops a socket that stops sending, heartbeats included, and its presence', async () => {
  const service = rb.backend.deps.realtime!;
  const idleTimeout = service.limits.idleTimeoutMs;
  service.limits.idleTimeoutMs = 1500;
  try {
    const topic = room();
    const watcherClient = createNodeClient(rb.url, rb.backend.deps.keys.anonKey, {
      realtime: { heartbeatIntervalMs: 300 },
    });
    const watcher = watcherClient.channel(topic, { config: { presence: { key: 'watcher' } } });
    watcher.on('presence', { event: 'sync' }, () => {});
    await subscribed(watcher);
    const url = `${rb.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${rb.backend.deps.keys.anonKey}&vsn=1.0.0`;
    const silent = new WebSocket(url);
    await new Promise((resolve) => silent.once('open', resolve));
    const closed = new Promise((resolve) => silent.once('close', resolve));
    silent.send(
      JSON.stringify({
        topic: `realtime:${topic}`,
        event: 'phx_join',
        payload: { config: {} },
        ref: '1',
        join_ref: '1',
      }),
    );
    silent.send(
      JSON.stringify({
        topic: `realtime:${topic}`,
        event: 'presence',
        payload: { type: 'presence', event: 'track', payload: {} },
        ref: '2',
        join_ref: '1',
      }),
    );
    await until(() => Object.keys(watcher.presenceState()).length === 1, 5000, 'the silent socket tracked');
    await closed;
    await until(() => Object.keys(watcher.presenceState()).length === 0, 5000, 'the silent socket gone');
    // The watcher, heartbeating, stays.
    expect(watcherClient.realtime.isConnected()).toBe(true);
    await watcherClient.removeAllChannels();
  } finally {
    service.limits.idleTimeoutMs = idleTimeout;
  }
});
