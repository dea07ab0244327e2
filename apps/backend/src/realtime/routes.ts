// Broadcast over HTTP, as Realtime serves it: POST /api/broadcast with {messages: [{topic, event, payload,
// private}]}, and POST /api/broadcast/{topic}/events/{event} (realtime-js httpSend) with a JSON or binary body;
// both answer 202. A private message is sent only if the caller's role may INSERT it into realtime.messages.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { headerRecord } from '../http/headers.ts';
import type { Claims } from '../keys.ts';
import { authenticate } from '../rest/auth.ts';
import { mayWrite } from './auth.ts';
import { topicKey } from './hub.ts';
import { JSON_ENCODING, BINARY_ENCODING } from './protocol.ts';
import type { RealtimeService } from './service.ts';

interface Caller {
  role: string;
  claims: Claims;
}

async function caller(c: Context<AppEnv>, service: RealtimeService): Promise<Caller | undefined> {
  try {
    const auth = await authenticate(service.keys, headerRecord(c).authorization, c.get('apikeyClaims'));
    return { role: auth.role, claims: auth.claims };
  } catch {
    return undefined;
  }
}

const unauthorized = (c: Context<AppEnv>) => c.json({ message: 'Unauthorized' }, 401);

export function realtimeRoutes(service: RealtimeService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/api/broadcast', async (c) => {
    const who = await caller(c, service);
    if (!who) return unauthorized(c);
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ message: 'Request body must be JSON' }, 400);
    }
    const messages = (body as { messages?: unknown } | null)?.messages;
    const valid =
      Array.isArray(messages) &&
      messages.every(
        (m) =>
          m && typeof m === 'object' && typeof m.topic === 'string' && m.topic !== '' && typeof m.event === 'string',
      );
    if (!valid) return c.json({ errors: { messages: ['topic and event are required for each message'] } }, 422);
    for (const message of messages as Array<{ topic: string; event: string; payload?: unknown; private?: unknown }>) {
      const payload = { type: 'broadcast', event: message.event, payload: message.payload ?? {} };
      if (Buffer.byteLength(JSON.stringify(payload)) > service.limits.maxPayloadBytes) {
        return c.json({ message: 'Payload too large' }, 413);
      }
    }
    const allowed = new Map<string, boolean>();
    for (const message of messages as Array<{ topic: string; event: string; payload?: unknown; private?: unknown }>) {
      const isPrivate = message.private === true;
      if (isPrivate) {
        let may = allowed.get(message.topic);
        if (may === undefined)
          allowed.set(message.topic, (may = await mayWrite(service.db, who, message.topic, 'broadcast')));
        // As Realtime does, a message the caller may not send is left out; the others go.
        if (!may) continue;
      }
      const payload = { type: 'broadcast', event: message.event, payload: message.payload ?? {} };
      service.publish(topicKey(message.topic, isPrivate), `realtime:${message.topic}`, { payload });
    }
    return c.body(null, 202);
  });

  routes.post('/api/broadcast/:topic/events/:event', async (c) => {
    const who = await caller(c, service);
    if (!who) return unauthorized(c);
    const topic = c.req.param('topic');
    const event = c.req.param('event');
    const isPrivate = c.req.query('private') === 'true';
    const data = Buffer.from(await c.req.arrayBuffer());
    if (data.length > service.limits.maxPayloadBytes) return c.json({ error: 'Payload too large' }, 413);
    const binary = (c.req.header('content-type') ?? '').toLowerCase().startsWith('application/octet-stream');
    if (!binary) {
      try {
        JSON.parse(data.toString('utf8'));
      } catch {
        return c.json({ error: 'Payload must be JSON' }, 400);
      }
    }
    if (isPrivate && !(await mayWrite(service.db, who, topic, 'broadcast'))) {
      return c.json({ error: `You do not have permissions to write to this Channel topic: ${topic}` }, 403);
    }
    service.publish(topicKey(topic, isPrivate), `realtime:${topic}`, {
      user: { event, encoding: binary ? BINARY_ENCODING : JSON_ENCODING, data },
    });
    return c.body(null, 202);
  });

  return routes;
}
