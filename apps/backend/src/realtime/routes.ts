// Broadcast over HTTP, as Realtime serves it: POST /api/broadcast with {messages: [{topic, event, payload,
// private}]}, and POST /api/broadcast/{topic}/events/{event} (realtime-js httpSend) with a JSON or binary body;
// both answer 202, and refuse what Realtime refuses with its status and body. A private message is sent only if the
// caller's role may INSERT it into realtime.messages.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { headerRecord } from '../http/headers.ts';
import type { Claims } from '../keys.ts';
import { authenticate } from '../rest/auth.ts';
import { mayWrite } from './auth.ts';
import { readBatch } from './batch-messages.ts';
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

const ACCEPTED_TYPES = ['application/json', 'application/octet-stream'];

/**
 * A JSON body as Realtime's parser leaves it for the listeners: an object as it is, no body as {}, and any other
 * JSON value under "_json" (as Phoenix puts a body that is not an object). Undefined when it is not JSON.
 */
function jsonBody(data: Buffer): Buffer | undefined {
  const text = data.toString('utf8');
  if (text.trim() === '') return Buffer.from('{}');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return value && typeof value === 'object' && !Array.isArray(value)
    ? data
    : Buffer.from(JSON.stringify({ _json: value }));
}

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
    const batch = readBatch(body, service.limits.maxPayloadBytes);
    if ('errors' in batch) return c.json({ errors: batch.errors }, 422);
    // Realtime refuses a batch that alone would take the project past its events per second.
    if (batch.messages.length > service.limits.maxEventsPerSecond) {
      return c.json({ message: 'Too many messages to broadcast, please reduce the batch size' }, 429);
    }
    const broadcasts = batch.messages.map((message) => ({
      message,
      payload: {
        type: 'broadcast',
        event: message.event,
        payload: message.payload,
        ...(message.id ? { meta: { id: message.id } } : {}),
      },
    }));
    const allowed = new Map<string, boolean>();
    for (const { message, payload } of broadcasts) {
      if (message.private) {
        let may = allowed.get(message.topic);
        if (may === undefined)
          allowed.set(message.topic, (may = await mayWrite(service.db, who, message.topic, 'broadcast')));
        // As Realtime does, a message the caller may not send is left out; the others go.
        if (!may) continue;
      }
      service.publish(topicKey(message.topic, message.private), `realtime:${message.topic}`, { payload });
    }
    return c.body(null, 202);
  });

  routes.post('/api/broadcast/:topic/events/:event', async (c) => {
    const who = await caller(c, service);
    if (!who) return unauthorized(c);
    const topic = c.req.param('topic');
    const event = c.req.param('event');
    const isPrivate = c.req.query('private') === 'true';
    // A media type's name is read in any letter case, as HTTP has it.
    const contentType = c.req.header('content-type')?.toLowerCase();
    // As Realtime: JSON or bytes, and JSON when the type is not said.
    if (contentType !== undefined && !ACCEPTED_TYPES.some((type) => contentType.startsWith(type))) {
      return c.json({ error: 'Unsupported Media Type. Use application/json or application/octet-stream' }, 415);
    }
    const binary = contentType?.startsWith('application/octet-stream') ?? false;
    let data: Buffer = Buffer.from(await c.req.arrayBuffer());
    if (!binary) {
      const json = jsonBody(data);
      if (!json) return c.json({ error: 'Payload must be JSON' }, 400);
      data = json;
    }
    if (data.length > service.limits.maxPayloadBytes) {
      return c.json({ errors: { payload: ['Payload size exceeds tenant limit'] } }, 422);
    }
    if (isPrivate && !(await mayWrite(service.db, who, topic, 'broadcast'))) {
      return c.json({ message: 'Unauthorized' }, 403);
    }
    service.publish(topicKey(topic, isPrivate), `realtime:${topic}`, {
      user: { event, encoding: binary ? BINARY_ENCODING : JSON_ENCODING, data },
    });
    return c.body(null, 202);
  });

  return routes;
}
