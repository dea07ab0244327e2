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

  it('turns presence on only for a join that asks for it, or once the channel tracks', async () => {
    const socket = await open();
    const off = await socket.join('presence-default');
    const on = await socket.join('presence-on', { presence: { enabled: 'TRUE' } });
    await socket.waitFor((m) => m.event === 'presence_state' && m.join_ref === on.ref);
    // Without presence, a public channel still hears of the others' presence, but is never sent the state.
    const other = await open();
    const { ref } = await other.join('presence-default', { presence: { key: 'bob', enabled: true } });
    other.send('realtime:presence-default', 'presence', { event: 'track', payload: {} }, ref);
    await socket.waitFor(
      (m) => m.event === 'presence_diff' && m.join_ref === null && 'bob' in (m.payload.joins as object),
    );
    expect(socket.messages.filter((m) => m.event === 'presence_state' && m.join_ref === off.ref)).toEqual([]);
    const track = socket.send('realtime:presence-default', 'presence', { event: 'track', payload: {} }, off.ref);
    expect((await socket.reply(track)).status).toBe('ok');
    const state = await socket.waitFor((m) => m.event === 'presence_state' && m.join_ref === off.ref);
    expect(Object.keys(state.payload)).toContain('bob');
  });

  it('reads the booleans of a join config in their text form too', async () => {
    const socket = await open();
    const { ref } = await socket.join('flags', { broadcast: { self: 'true', ack: 'True' } });
    const sent = socket.send('realtime:flags', 'broadcast', { type: 'broadcast', event: 'e', payload: { a: 1 } }, ref);
    expect(await socket.reply(sent)).toEqual({ status: 'ok', response: {} });
    await socket.waitFor((m) => m.event === 'broadcast' && m.topic === 'realtime:flags');
  });

  it('passes on a broadcast as it was sent, with or without an event', async () => {
    const socket = await open();
    const { ref } = await socket.join('as-sent', { broadcast: { self: true, ack: true } });
    const sent = socket.send('realtime:as-sent', 'broadcast', { type: 'broadcast', note: 'no event' }, ref);
    expect(await socket.reply(sent)).toEqual({ status: 'ok', response: {} });
    const delivered = await socket.waitFor((m) => m.event === 'broadcast' && m.topic === 'realtime:as-sent');
    expect(delivered.payload).toEqual({ type: 'broadcast', note: 'no event' });
  });

  it('tells nobody of a track that changes nothing', async () => {
    const socket = await open();
    const { ref } = await socket.join('same-track', { presence: { key: 'ada', enabled: true } });
    const track = (payload: object) =>
      socket.reply(socket.send('realtime:same-track', 'presence', { event: 'track', payload }, ref));
    const diffs = () => socket.messages.filter((m) => m.event === 'presence_diff');
    expect((await track({ at: 1 })).status).toBe('ok');
    await socket.waitFor((m) => m.event === 'presence_diff');
    expect((await track({ at: 1 })).status).toBe('ok');
    expect((await track({ at: 2 })).status).toBe('ok');
    await socket.waitFor(() => diffs().length === 2);
    await socket.heartbeat();
    expect(diffs().map((m) => m.payload.joins)).toEqual([
      { ada: { metas: [expect.objectContaining({ at: 1 })] } },
      { ada: { metas: [expect.objectContaining({ at: 2 })] } },
    ]);
  });

  it('closes a channel sending more presence messages than its window allows', async () => {
    const socket = await open();
    const { ref } = await socket.join('restless', { presence: { key: 'ada', enabled: true } });
    for (let i = 0; i < 5; i++) {
      const event = i % 2 === 0 ? 'track' : 'untrack';
      const sent = socket.send('realtime:restless', 'presence', { event, payload: { i } }, ref);
      expect((await socket.reply(sent)).status).toBe('ok');
    }
    socket.send('realtime:restless', 'presence', { event: 'track', payload: { i: 5 } }, ref);
    const system = await socket.waitFor((m) => m.event === 'system' && m.topic === 'realtime:restless');
    expect(system.payload).toEqual({
      extension: 'system',
      status: 'error',
      message: 'Client presence rate limit exceeded',
      channel: 'restless',
    });
    await socket.waitFor((m) => m.event === 'phx_close' && m.topic === 'realtime:restless');
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
    expect(await socket.reply(ref)).toEqual({ status: 'error', response: { error: 'payload_size_exceeded' } });
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

  it("refuses a websocket without a valid apikey with Realtime's status and reason", async () => {
    const refusal = (query: string) =>
      new Promise<{ status: number; body: unknown }>((resolve) => {
        const ws = new WebSocket(`${rb.url.replace('http', 'ws')}/realtime/v1/websocket?${query}`);
        ws.on('unexpected-response', (_request, response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: text === '' ? undefined : JSON.parse(text) }),
          );
        });
        ws.on('error', () => {});
      });
    const { keys } = rb.backend.deps;
    const expired = await keys.sign({ role: 'anon' }, -10);
    const roleless = await keys.sign({ sub: 'x' }, 3600);
    const [header, claims] = keys.anonKey.split('.');
    const forged = `${header}.${claims}.${Buffer.from('not the signature').toString('base64url')}`;
    expect(await refusal('vsn=1.0.0')).toEqual({ status: 401, body: { error: 'API key is missing' } });
    expect(await refusal('apikey=nope')).toEqual({
      status: 401,
      body: { error: 'The token provided is not a valid JWT' },
    });
    expect(await refusal(`apikey=${expired}`)).toEqual({ status: 401, body: { error: 'Token has expired' } });
    expect(await refusal(`apikey=${roleless}`)).toEqual({
      status: 401,
      body: { error: 'Fields `role` and `exp` are required in JWT' },
    });
    expect(await refusal(`apikey=${forged}`)).toEqual({
      status: 401,
      body: { error: 'Failed to validate JWT signature' },
    });
    // A protocol version no serializer takes is refused first, as Phoenix refuses it: 403 and no body.
    expect(await refusal('vsn=3.0.0')).toEqual({ status: 403, body: undefined });
    const patch = new WebSocket(
      `${rb.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${keys.anonKey}&vsn=2.0.1`,
    );
    await new Promise((resolve, reject) => patch.once('open', resolve).once('error', reject));
    patch.terminate();
  });
});
