// `/functions/v1/<name>[/path]` for any method, as Supabase serves edge functions: the function is found, the caller's
// token checked when the function verifies JWTs, and the request relayed to the function's process, which sees the
// path from `/<name>` on, the query string, the headers and the body as the caller sent them.
//
// On a listening server the relay takes its requests straight from Node's request event (`functionsListener`), before
// the application's router builds a Fetch request and runs middleware that does not concern functions: for a small
// function that work costs as much as the function itself. The Hono routes serve the rest: HEAD (Hono answers it from
// a Response), preflights (the gateway's CORS middleware) and calls made without a socket (`app.request()`).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context, Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { corsHeadersFor } from '../http/cors.ts';
import type { AppEnv } from '../http/env.ts';
import { headerRecord } from '../http/headers.ts';
import type { FunctionsRuntime } from './runtime.ts';
import { BootError, type FunctionWorker } from './worker.ts';
import { nodeDownstream, webDownstream } from './downstream.ts';
import { FUNCTION_ERRORS, renderError, type FunctionErrorName } from './errors.ts';
import { CLIENT_ADDRESS_HEADER, REQUEST_ID_HEADER, relay, relayedHeaders, type RelayRequest } from './relay.ts';
import { refusalFor } from './verify.ts';

const PREFIX = '/functions/v1';

/** What a call takes from the caller's request, however it arrived. */
interface Call {
  method: string;
  /** The URL's path from `/<name>` on. */
  path: string;
  search: string;
  /** Header names in lower case, for the checks made before the function runs. */
  headers: Record<string, string | string[] | undefined>;
  /** The caller's raw header list. */
  rawHeaders: string[];
  clientAddress?: string;
  body?: Readable;
}

type Prepared = { refusal: FunctionErrorName } | { worker: FunctionWorker; request: RelayRequest };

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);

/** The checks before a function runs, then a process to run it on. */
async function prepare(functions: FunctionsRuntime, deps: Deps, call: Call): Promise<Prepared> {
  const definition = functions.find(call.path.split('/')[1] ?? '');
  if (!definition) return { refusal: 'notFound' };
  if (definition.verifyJwt) {
    const refusal = await refusalFor(deps.keys, single(call.headers.authorization), single(call.headers.apikey));
    if (refusal) return { refusal };
  }
  const { limits } = deps.config.functions;
  if (Number(single(call.headers['content-length']) ?? 0) > limits.maxBodyBytes) return { refusal: 'bodyTooLarge' };

  let worker;
  try {
    worker = await functions.acquire(definition);
  } catch (error) {
    if (error instanceof BootError) return { refusal: 'bootError' };
    throw error;
  }
  const headers = relayedHeaders(call.rawHeaders);
  headers.push(REQUEST_ID_HEADER, randomUUID());
  if (call.clientAddress) headers.push(CLIENT_ADDRESS_HEADER, call.clientAddress);
  const request = {
    method: call.method,
    path: `${call.path}${call.search}`,
    headers,
    body: hasBody(call.method) ? call.body : undefined,
    maxBodyBytes: limits.maxBodyBytes,
    wallClockMs: limits.wallClockMs,
  };
  return { worker, request };
}

const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD';

function platformError(name: FunctionErrorName): Response {
  const { status, headers, body } = renderError(FUNCTION_ERRORS[name]);
  return new Response(body, { status, headers });
}

async function serveFunction(c: Context<AppEnv>, deps: Deps, functions: FunctionsRuntime): Promise<Response> {
  const { pathname, search } = new URL(c.req.url);
  const { incoming, outgoing } = (c.env ?? {}) as { incoming?: IncomingMessage; outgoing?: ServerResponse };
  const rawHeaders: string[] = [];
  if (incoming) rawHeaders.push(...incoming.rawHeaders);
  else c.req.raw.headers.forEach((value, name) => rawHeaders.push(name, value));
  const prepared = await prepare(functions, deps, {
    method: c.req.method,
    path: pathname.slice(PREFIX.length),
    search,
    headers: headerRecord(c),
    rawHeaders,
    clientAddress: incoming?.socket.remoteAddress,
    body: incoming ?? webBody(c),
  });
  if ('refusal' in prepared) return platformError(prepared.refusal);

  const { worker, request } = prepared;
  const cors = c.get('corsHeaders') as Record<string, string> | undefined;
  c.set('corsHeadersTaken', true);
  const release = () => functions.release(worker);
  // Hono answers HEAD itself, from the headers of the Response a handler returns: a HEAD answer has to be one.
  if (outgoing && c.req.method !== 'HEAD') {
    relay(worker, request, nodeDownstream(outgoing, cors), release);
    // Written by the relay straight onto the connection (see downstream.ts).
    return RESPONSE_ALREADY_SENT;
  }
  const downstream = webDownstream(cors);
  relay(worker, request, downstream, release);
  return downstream.response;
}

function webBody(c: Context<AppEnv>): Readable | undefined {
  const body = c.req.raw.body;
  return body ? Readable.fromWeb(body as import('node:stream/web').ReadableStream) : undefined;
}

export function mountFunctions(app: Hono<AppEnv>, deps: Deps): void {
  const { functions } = deps;
  if (!functions) return;
  const handler = (c: Context<AppEnv>) => serveFunction(c, deps, functions);
  app.all(PREFIX, handler);
  app.all(`${PREFIX}/*`, handler);
}

/**
 * Node's request listener for function calls: takes a request (and answers it) when it is one, else returns false
 * and the application serves it. Same answers as the routes above, without the router and Fetch objects.
 */
export function functionsListener(deps: Deps): (incoming: IncomingMessage, outgoing: ServerResponse) => boolean {
  const { functions } = deps;
  if (!functions) return () => false;
  const corsFor = corsHeadersFor(deps.config);
  return (incoming, outgoing) => {
    const { method = 'GET', url = '' } = incoming;
    if (method === 'OPTIONS' || method === 'HEAD' || !url.startsWith(PREFIX)) return false;
    // The path as the router sees it (dot segments resolved, characters escaped), so both ways agree on it.
    const { pathname, search } = new URL(url, 'http://localhost');
    if (pathname !== PREFIX && !pathname.startsWith(`${PREFIX}/`)) return false;
    const cors = corsFor(single(incoming.headers.origin));
    const served = prepare(functions, deps, {
      method,
      path: pathname.slice(PREFIX.length),
      search,
      headers: incoming.headers,
      rawHeaders: incoming.rawHeaders,
      clientAddress: incoming.socket.remoteAddress,
      body: incoming,
    }).then((prepared) => {
      const downstream = nodeDownstream(outgoing, cors);
      if ('refusal' in prepared) return downstream.answerError(prepared.refusal);
      const { worker, request } = prepared;
      relay(worker, request, downstream, () => functions.release(worker));
    });
    served.catch((error: unknown) => {
      console.error(`${method} ${pathname}:`, error);
      if (outgoing.headersSent) return void outgoing.destroy();
      const body = JSON.stringify({ message: 'An unexpected error occurred' });
      outgoing.writeHead(500, { 'content-type': 'application/json', ...cors });
      outgoing.end(body);
    });
    return true;
  };
}
