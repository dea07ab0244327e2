// Broadcast through supabase-js on both protocol versions: between clients with self and ack, binary payloads,
// and from HTTP (the messages form and httpSend); a socket that stops reading is dropped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../wait.ts';
import { Inbox, startRealtimeBackend, subscribed, type RealtimeBackend, type Vsn, STARTUP_MS } from './backend.ts';
import { RawSocket } from './raw-socket.ts';

let rb: RealtimeBackend;
beforeAll(async () => {
  rb = await startRealtimeBackend();
}, STARTUP_MS);
afterAll(() => rb.stop());

let counter = 0;
const room = () => `room-${++counter}`;

describe.each(['1.0.0', '2.0.0'] as Vsn[])('broadcast on vsn %s', (vsn) => {
  it('reaches the other subscribers, not the sender unless self', async () => {
    const topic = room();
    const inbox = new Inbox<{ event: string; payload: unknown }>();
    const own = new Inbox();
    const receiver = await subscribed(rb.client(vsn).channel(topic).on('broadcast', { event: 'move' }, inbox.push));
    const sender = await subscribed(rb.client(vsn).channel(topic).on('broadcast', { event: 'move' }, own.push));
    expect(await sender.send({ type: 'broadcast', event: 'move', payload: { x: 1 } })).toBe('ok');
    const [message] = await inbox.next(1);
    expect(message).toMatchObject({ type: 'broadcast', event: 'move', payload: { x: 1 } });
    expect(own.items).toEqual([]);
    void receiver;
  });

  it('sends to itself with self, and is acknowledged with ack', async () => {
    const topic = room();
    const own = new Inbox<{ payload: unknown }>();
    const channel = await subscribed(
      rb
        .client(vsn)
        .channel(topic, { config: { broadcast: { self: true, ack: true } } })
        .on('broadcast', { event: '*' }, own.push),
    );
    expect(await channel.send({ type: 'broadcast', event: 'ping', payload: { n: 7 } })).toBe('ok');
    const [message] = await own.next(1);
    expect(message!.payload).toEqual({ n: 7 });
  });

  it('delivers broadcasts sent over HTTP, in the messages form and with httpSend', async () => {
    const topic = room();
    const inbox = new Inbox<{ event: string; payload: unknown }>();
    const client = rb.client(vsn);
    await subscribed(client.channel(topic).on('broadcast', { event: '*' }, inbox.push));
    const response = await fetch(`${rb.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: rb.backend.deps.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic, event: 'from-http', payload: { a: 1 } }] }),
    });
    expect(response.status).toBe(202);
    const sender = rb.client(vsn).channel(topic);
    expect(await sender.httpSend('from-send', { b: 2 })).toEqual({ success: true });
    const messages = await inbox.next(2);
    expect(messages.map((m) => [m.event, m.payload])).toEqual([
      ['from-http', { a: 1 }],
      ['from-send', { b: 2 }],
    ]);
  });
});

describe('broadcast over HTTP', () => {
  const post = (body: unknown) =>
    fetch(`${rb.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: rb.backend.deps.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it("refuses messages without a topic, an event or an object payload with Realtime's errors, sending none", async () => {
    const topic = room();
    const inbox = new Inbox();
    await subscribed(rb.client().channel(topic).on('broadcast', { event: '*' }, inbox.push));
    const response = await post({
      messages: [
        { topic, event: 'fine', payload: {} },
        { topic, event: 'no-payload' },
        { event: 'no-topic', payload: {}, private: 'perhaps' },
        { topic, event: 'listed', payload: [1, 2] },
      ],
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      errors: {
        messages: [
          {},
          { payload: ["can't be blank"] },
          { topic: ["can't be blank"], private: ['is invalid'] },
          { payload: ['is invalid'] },
        ],
      },
    });
    const missing = await post({});
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({ errors: { messages: ["can't be blank"] } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(inbox.items).toEqual([]);
  });

  it('refuses a payload over the size limit as an error of its message, and a batch larger than a second of events', async () => {
    const topic = room();
    const big = { text: 'x'.repeat(257 * 1024) };
    const oversize = await post({
      messages: [
        { topic, event: 'fine', payload: {} },
        { topic, event: 'big', payload: big },
      ],
    });
    expect(oversize.status).toBe(422);
    expect(await oversize.json()).toEqual({
      errors: { messages: [{}, { payload: ['Payload size exceeds tenant limit'] }] },
    });
    const many = Array.from({ length: 101 }, (_, i) => ({ topic, event: `e${i}`, payload: {} }));
    const crowded = await post({ messages: many });
    expect(crowded.status).toBe(429);
    expect(await crowded.json()).toEqual({ message: 'Too many messages to broadcast, please reduce the batch size' });
    expect((await post({ messages: many.slice(0, 100) })).status).toBe(202);
  });

  it("passes a message's id on to the listeners as meta.id", async () => {
    const topic = room();
    const inbox = new Inbox<{ event: string; meta?: unknown }>();
    await subscribed(rb.client().channel(topic).on('broadcast', { event: '*' }, inbox.push));
    const id = crypto.randomUUID();
    expect((await post({ messages: [{ topic, event: 'tagged', payload: { a: 1 }, id }] })).status).toBe(202);
    const [message] = await inbox.next(1);
    expect(message).toMatchObject({ event: 'tagged', payload: { a: 1 }, meta: { id } });
  });

  it('delivers an httpSend payload that is not an object under _json, and refuses other content types', async () => {
    const topic = room();
    const inbox = new Inbox<{ event: string; payload: unknown }>();
    const channel = rb.client().channel(topic);
    await subscribed(channel.on('broadcast', { event: '*' }, inbox.push));
    expect(await channel.httpSend('listed', [1, 2])).toEqual({ success: true });
    const [message] = await inbox.next(1);
    expect(message).toMatchObject({ event: 'listed', payload: { _json: [1, 2] } });
    const response = await fetch(`${rb.url}/realtime/v1/api/broadcast/${topic}/events/plain`, {
      method: 'POST',
      headers: { apikey: rb.backend.deps.keys.anonKey, 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      error: 'Unsupported Media Type. Use application/json or application/octet-stream',
    });
    const shouted = await fetch(`${rb.url}/realtime/v1/api/broadcast/${topic}/events/shouted`, {
      method: 'POST',
      headers: { apikey: rb.backend.deps.keys.anonKey, 'content-type': 'Application/JSON' },
      body: '{"loud":true}',
    });
    expect(shouted.status).toBe(202);
    const [, loud] = await inbox.next(2);
    expect(loud).toMatchObject({ event: 'shouted', payload: { loud: true } });
  });
});

// A delivery's WebSocket frame is built once for all its sockets; its length is written in one of three forms.
const SIZES = [10, 300, 70_000];

describe.each(['1.0.0', '2.0.0'] as Vsn[])('broadcast sizes on vsn %s', (vsn) => {
  it('arrive whole and in order, whichever form their length takes', async () => {
    const topic = room();
    const inbox = new Inbox<{ event: string; payload: { text: string } }>();
    await subscribed(rb.client(vsn).channel(topic).on('broadcast', { event: '*' }, inbox.push));
    const sender = await subscribed(rb.client(vsn).channel(topic, { config: { broadcast: { ack: true } } }));
    for (const size of SIZES) {
      expect(await sender.send({ type: 'broadcast', event: `s${size}`, payload: { text: 'é'.repeat(size / 2) } })).toBe(
        'ok',
      );
    }
    const messages = await inbox.next(SIZES.length);
    expect(messages.map((m) => [m.event, m.payload.text])).toEqual(SIZES.map((n) => [`s${n}`, 'é'.repeat(n / 2)]));
  });
});

describe('a socket that stops reading', () => {
  it('is dropped once too much waits for it, while the others get every message', async () => {
    const service = rb.backend.deps.realtime!;
    const maxUnsent = service.limits.maxUnsentBytes;
    service.limits.maxUnsentBytes = 1024 * 1024;
    try {
      const topic = room();
      const stalled = await RawSocket.open(rb.url, rb.backend.deps.keys.anonKey);
      expect((await stalled.join(topic)).reply.status).toBe('ok');
      const inbox = new Inbox();
      await subscribed(rb.client('1.0.0').channel(topic).on('broadcast', { event: '*' }, inbox.push));
      stalled.ws.pause();
      // 20 MB: more than the system's socket buffers hold, and the limit beyond them.
      const messages = Array.from({ length: 5 }, () => ({
        topic,
        event: 'big',
        payload: { text: 'x'.repeat(100_000) },
      }));
      for (let i = 0; i < 40; i++) {
        const response = await fetch(`${rb.url}/realtime/v1/api/broadcast`, {
          method: 'POST',
          headers: { apikey: rb.backend.deps.keys.anonKey, 'content-type': 'application/json' },
          body: JSON.stringify({ messages }),
        });
        expect(response.status).toBe(202);
      }
      await inbox.next(200, 15_000);
      stalled.ws.resume();
      await until(() => stalled.closeCode !== undefined, 5000, 'the stalled socket to be closed');
      expect(stalled.messages.filter((message) => message.event === 'broadcast').length).toBeLessThan(200);
    } finally {
      service.limits.maxUnsentBytes = maxUnsent;
    }
  });
});

describe('binary payloads (vsn 2.0.0)', () => {
  it('go from client to client and from httpSend byte for byte', async () => {
    const topic = room();
    const inbox = new Inbox<{ event: string; payload: ArrayBuffer }>();
    await subscribed(rb.client('2.0.0').channel(topic).on('broadcast', { event: '*' }, inbox.push));
    const sender = await subscribed(rb.client('2.0.0').channel(topic));
    const bytes = Uint8Array.from([0, 1, 2, 250, 255]);
    await sender.send({ type: 'broadcast', event: 'bin', payload: bytes.buffer });
    expect(await sender.httpSend('bin-http', Uint8Array.from([9, 8, 7]))).toEqual({ success: true });
    const messages = await inbox.next(2);
    expect(new Uint8Array(messages[0]!.payload)).toEqual(bytes);
    expect(new Uint8Array(messages[1]!.payload)).toEqual(Uint8Array.from([9, 8, 7]));
  });

  it('arrive byte for byte whichever form their length takes', async () => {
    const topic = room();
    const inbox = new Inbox<{ event: string; payload: ArrayBuffer }>();
    await subscribed(rb.client('2.0.0').channel(topic).on('broadcast', { event: '*' }, inbox.push));
    const sender = await subscribed(rb.client('2.0.0').channel(topic));
    const payloads = SIZES.map((size) => Uint8Array.from({ length: size }, (_, i) => (i * 7) % 256));
    for (const [i, bytes] of payloads.entries())
      await sender.send({ type: 'broadcast', event: `b${i}`, payload: bytes.buffer });
    const messages = await inbox.next(payloads.length);
    expect(messages.map((m) => new Uint8Array(m.payload))).toEqual(payloads);
  });
});
