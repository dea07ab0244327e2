// `/functions/v1/<name>[/path]` for any method, as Supabase serves edge functions: the function is found, the caller's
// token checked when the function verifies JWTs, and the request relayed to the function's process, which sees the
// path from `/<name>` on, the query string, the headers and the body as the caller sent them.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context, Hono } from 'hono';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { headerRecord } from '../http/headers.ts';
import type { FunctionsRuntime } from './runtime.ts';
import { BootError } from './worker.ts';
import { nodeDownstream, webDownstream } from './downstream.ts';
import { FUNCTION_ERRORS, renderError, type FunctionErrorName } from './errors.ts';
import { relay } from './relay.ts';
import { functionRequestHeaders } from './relay-headers.ts';
import { refusalFor } from './verify.ts';

export const FUNCTIONS_PREFIX = '/functions/v1';

interface NodeBindings {
  incoming?: IncomingMessage;
  outgoing?: ServerResponse;
}

function platformError(c: Context<AppEnv>, name: FunctionErrorName): Response {
  const { status, headers, body } = renderError(FUNCTION_ERRORS[name]);
  return new Response(body, { status, headers });
}

/** The caller's headers as a raw list: Node's own when there is a socket, else the Fetch request's. */
function callerHeaders(c: Context<AppEnv>, incoming: IncomingMessage | undefined): string[] {
  if (incoming) return incoming.rawHeaders;
  const raw: string[] = [];
  c.req.raw.headers.forEach((value, name) => raw.push(name, value));
  return raw;
}

async function serveFunction(c: Context<AppEnv>, deps: Deps & { functions: FunctionsRuntime }): Promise<Response> {
  const { pathname, search } = new URL(c.req.url);
  const path = pathname.slice(FUNCTIONS_PREFIX.length);
  const definition = deps.functions.find(path.split('/')[1] ?? '');
  if (!definition) return platformError(c, 'notFound');

  const headers = headerRecord(c);
  if (definition.verifyJwt) {
    const refusal = await refusalFor(deps.keys, headers.authorization, headers.apikey);
    if (refusal) return platformError(c, refusal);
  }
  const { limits } = deps.config.functions;
  if (Number(headers['content-length'] ?? 0) > limits.maxBodyBytes) return platformError(c, 'bodyTooLarge');

  let worker;
  try {
    worker = await deps.functions.acquire(definition);
  } catch (error) {
    if (error instanceof BootError) return platformError(c, 'bootError');
    throw error;
  }

  const { incoming, outgoing } = (c.env ?? {}) as NodeBindings;
  const { method } = c.req;
  const request = {
    method,
    // The host the caller asked for, as Deno.serve puts it in the URL.
    url: `http://${headers.host ?? 'localhost'}${path}${search}`,
    headers: functionRequestHeaders(callerHeaders(c, incoming), method),
    requestId: randomUUID(),
    clientAddress: incoming?.socket.remoteAddress,
    body: hasBody(method) ? (incoming ?? webBody(c)) : undefined,
    maxBodyBytes: limits.maxBodyBytes,
    wallClockMs: limits.wallClockMs,
  };
  const cors = c.get('corsHeaders') as Record<string, string> | undefined;
  c.set('corsHeadersTaken', true);
  const release = () => deps.functions.release(worker);
  // Hono answers HEAD itself, from the headers of the Response a handler returns: a HEAD answer has to be one.
  if (outgoing && method !== 'HEAD') {
    relay(worker, request, nodeDownstream(outgoing, cors), release);
    // Written by the relay straight onto the connection (see downstream.ts).
    return RESPONSE_ALREADY_SENT;
  }
  const downstream = webDownstream(cors);
  relay(worker, request, downstream, release);
  return downstream.response;
}

const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD';

function webBody(c: Context<AppEnv>): Readable | undefined {
  const body = c.req.raw.body;
  return body ? Readable.fromWeb(body as import('node:stream/web').ReadableStream) : undefined;
}

export function mountFunctions(app: Hono<AppEnv>, deps: Deps): void {
  const { functions } = deps;
  if (!functions) return;
  const handler = (c: Context<AppEnv>) => serveFunction(c, { ...deps, functions });
  app.all(FUNCTIONS_PREFIX, handler);
  app.all(`${FUNCTIONS_PREFIX}/*`, handler);
}
