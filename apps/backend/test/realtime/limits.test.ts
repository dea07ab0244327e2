// What supabase-js never sends, and the limits of [realtime]: bad frames, unknown events and topics, oversize
// payloads, too many channels, users or messages get Realtime's answers, and neither the socket's other channels
// nor the server suffer. Channels close as Phoenix closes them (phx_close under the join's ref).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startRealtimeBackend, type RealtimeBackend, STARTUP_MS } from './backend.ts';
import { RawSocket } from './raw-socket.ts';

let rb: RealtimeBackend;
const sockets: RawSocket[] = [];
const open = async () => {
  const socket = await RawSocket.open(rb.url, rb.backend.deps.keys.anonKey);
  sockets.push(socket);
  return socket;
};

beforeAll(async () => {
  rb = await startRealtimeBackend({
    SUPABASE_REALTIME_MAX_CONCURRENT_USERS: '3',
    SUPABASE_REALTIME_MAX_CHANNELS_PER_CLIENT: '3',
    SUPABASE_REALTIME_MAX_EVENTS_PER_SECOND: '20',
    SUPABASE_REALTIME_MAX_PAYLOAD_SIZE_IN_KB: '1',
  });
}, STARTUP_MS);
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => rb.stop());

describe('frames that are not what they should be', () => {
  it('answers heartbeats at once, and ignores frames that are not Phoenix messages', async () => {
    const socket = await open();
    await socket.heartbeat();
    for (const junk of ['not json', '[1,2,3]', '42', '{"topic":1}', '{}', 'null']) socket.ws.send(junk);
    socket.ws.send(Buffer.from([3, 200, 1, 2]));
    await socket.heartbeat();
  });

  it('ignores binary frames on vsn 2.0.0 that are not user broadcasts, or are cut short', async () => {
    const url = `${rb.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${rb.backend.deps.keys.anonKey}&vsn=2.0.0`;
    const ws = new WebSocket(url);
    await new Promise((resolve) => ws.once('open', resolve));
    const replies: unknown[] = [];
    ws.on('message', (data) => replies.push(JSON.parse(data.toString())));
    ws.send(Buffer.from([3, 200, 1, 2]));
    ws.send(Buffer.from([9, 0, 0, 0, 0, 0, 1]));
    ws.send(Buffer.from([3, 0, 0, 4, 1, 0, 1, 0x61, 0x62, 0x63, 0x64, 0x65, 0x7b]));
    ws.send(JSON.stringify([null, '7', 'phoenix', 'heartbeat', {}]));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(replies).toEqual([[null, '7', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]]);
    ws.terminate();
  });

  it("answers pushes to topics the socket has not joined with Phoenix's unmatched topic", async () => {
    const socket = await open();
    const ref = socket.send('realtime:nowhere', 'broadcast', { type: 'broadcast', event: 'x', payload: {} });
    expect(await socket.reply(ref)).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
    expect((await socket.reply(socket.send('elsewhere:x', 'phx_join', {}))).response).toEqual({
      reason: 'unmatched topic',
    });
    expect((await socket.join('')).reply).toEqual({
      status: 'error',
      response: { reason: 'TopicNameRequired: You must provide a topic name' },
    });
  });

  it('ignores unknown events on a joined channel', async () => {
    const socket = await open();
    const { ref, reply } = await socket.join('calm');
    expect(reply.status).toBe('ok');
    socket.send('realtime:calm', 'made_up', { anything: true }, ref);
    await socket.heartbeat();
    expect(socket.messages.filter((m) => m.event === 'phx_reply' && m.topic === 'realtime:calm')).toHaveLength(1);
  });

  it('reads presence events in any case, and leaves a presence push without an event unanswered', async () => {
    const socket = await open();
    const { ref } = await socket.join('present', { presence: { key: 'ada', enabled: true } });
    const track = socket.send('realtime:present', 'presence', { type: 'presence', event: 'TRACK', payload: {} }, ref);
    expect(await socket.reply(track)).toEqual({ status: 'ok', response: {} });
    await socket.waitFor((m) => m.event === 'presence_diff' && 'ada' in (m.payload.joins as object));
    const bare = socket.send('realtime:present', 'presence', { type: 'presence' }, ref);
    const untrack = socket.send('realtime:present', 'presence', { type: 'presence', event: 'Untrack' }, ref);
    expect(await socket.reply(untrack)).toEqual({ status: 'ok', response: {} });
    expect(socket.messages.filter((m) => m.ref === bare)).toEqual([]);
  });

  it('turns presence on for a join that does not turn it off', async () => {
    const socket = await open();
    const { ref } = await socket.join('presence-by-default');
    await socket.waitFor((m) => m.event === 'presence_state' && m.join_ref === ref);
    const off = await socket.join('presence-off', { presence: { enabled: false } });
    await socket.heartbeat();
    expect(socket.messages.filter((m) => m.event === 'presence_state' && m.join_ref === off.ref)).toEqual([]);
  });

  it('leaves and joins the same topic at once, and joins several topics together', async () => {
    const socket = await open();
    const first = await socket.join('again');
    socket.send('realtime:again', 'phx_leave', {}, first.ref);
    const joins = ['again', 'other'].map((topic) => socket.send(`realtime:${topic}`, 'phx_join', { config: {} }));
    const replies = await Promise.all(joins.map((ref) => socket.reply(ref)));
    expect(replies.map((reply) => reply.status)).toEqual(['ok', 'ok']);
  });
});

describe('closing', () => {
  it('answers a leave, then closes the channel with the join ref as the close message ref', async () => {
    const socket = await open();
    const { ref: joinRef } = await socket.join('leaving');
    const leave = socket.send('realtime:leaving', 'phx_leave', {}, joinRef);
    expect(await socket.reply(leave)).toEqual({ status: 'ok', response: {} });
    const close = await socket.waitFor((m) => m.event === 'phx_close' && m.topic === 'realtime:leaving');
    expect(close).toMatchObject({ ref: joinRef, join_ref: joinRef, payload: {} });
    expect(socket.messages.indexOf(close)).toBeGreaterThan(
      socket.messages.findIndex((m) => m.event === 'phx_reply' && m.ref === leave),
    );
  });

  it('closes the earlier channel of a topic joined again, under its own join ref', async () => {
    const socket = await open();
    const first = await socket.join('twice');
    const second = await socket.join('twice');
    expect(second.reply.status).toBe('ok');
    const close = await socket.waitFor((m) => m.event === 'phx_close' && m.topic === 'realtime:twice');
    expect(close).toMatchObject({ ref: first.ref, join_ref: first.ref });
  });

  it('drops, without a reply, a push meant for an earlier join of the topic', async () => {
    const socket = await open();
    const first = await socket.join('rejoined');
    const second = await socket.join('rejoined', { broadcast: { ack: true } });
    const stale = socket.send(
      'realtime:rejoined',
      'broadcast',
      { type: 'broadcast', event: 'e', payload: {} },
      first.ref,
    );
    const current = socket.send(
      'realtime:rejoined',
      'broadcast',
      { type: 'broadcast', event: 'e', payload: {} },
      second.ref,
    );
    expect(await socket.reply(current)).toEqual({ status: 'ok', response: {} });
    await socket.heartbeat();
    expect(socket.messages.filter((m) => m.ref === stale)).toEqual([]);
  });
});

describe('limits', () => {
  it('refuses a payload over the size limit, and closes a socket whose frame is far over it', async () => {
    const socket = await open();
    const { ref: joinRef } = await socket.join('sized', { broadcast: { ack: true } });
    const big = { type: 'broadcast', event: 'big', payload: { text: 'x'.repeat(2000) } };
    const ref = socket.send('realtime:sized', 'broadcast', big, joinRef);
    expect(await socket.reply(ref)).toEqual({ status: 'error', response: { reason: 'payload_size_exceeded' } });
    const small = socket.send('realtime:sized', 'broadcast', { type: 'broadcast', event: 's', payload: {} }, joinRef);
    expect((await socket.reply(small)).status).toBe('ok');

    socket.ws.send('x'.repeat(200 * 1024));
    await new Promise((resolve) => socket.ws.once('close', resolve));
    expect(socket.closeCode).toBe(1009);
    await (await open()).heartbeat();
  });

  it('refuses a channel over max_channels_per_client', async () => {
    const socket = await open();
    for (const topic of ['a', 'b', 'c']) expect((await socket.join(topic)).reply.status).toBe('ok');
    expect((await socket.join('d')).reply).toEqual({
      status: 'error',
      response: { reason: 'ChannelRateLimitReached: Too many channels' },
    });
  });

  it('refuses a client over max_concurrent_users', async () => {
    const clients = await Promise.all([open(), open(), open()]);
    for (const client of clients) expect((await client.join('crowd')).reply.status).toBe('ok');
    const late = await open();
    expect((await late.join('crowd')).reply).toEqual({
      status: 'error',
      response: { reason: 'ConnectionRateLimitReached: Too many connected users' },
    });
    clients[0]!.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await late.join('crowd')).reply.status).toBe('ok');
  });

  it('closes the channels of a socket sending more than max_events_per_second', async () => {
    const socket = await open();
    const { ref } = await socket.join('chatty');
    for (let i = 0; i < 30; i++) {
      socket.send('realtime:chatty', 'broadcast', { type: 'broadcast', event: 'e', payload: { i } }, ref);
    }
    const system = await socket.waitFor((m) => m.event === 'system');
    expect(system.payload).toEqual({
      extension: 'system',
      status: 'error',
      message: 'Too many messages per second',
      channel: 'chatty',
    });
    await socket.waitFor((m) => m.event === 'phx_close' && m.topic === 'realtime:chatty');
  });

  it('refuses a websocket without a valid apikey', async () => {
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`${rb.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=nope&vsn=1.0.0`);
      ws.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      ws.on('error', () => {});
    });
    expect(status).toBe(401);
  });
});
