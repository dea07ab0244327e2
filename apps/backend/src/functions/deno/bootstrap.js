// Runs in a function's Deno process before the function's own module (`deno run --preload`): the function's
// `Deno.serve` handler (or `export default { fetch }`) is served on the socket the backend relays to, console output
// is tagged with the request it belongs to, and the backend hears a heartbeat while the event loop turns.
// Messages to the backend are lines on stdout that start with a record separator; anything else is plain output.
/* global Deno, addEventListener */
import { AsyncLocalStorage } from 'node:async_hooks';
import { format } from 'node:util';

const MARK = '\x1e';
const HEARTBEAT_MS = 100;
// Set by the backend on each relayed request, and removed before the function sees the request.
const REQUEST_ID = 'x-functions-internal-request-id';
const CLIENT_ADDRESS = 'x-functions-internal-client-address';
// Tells the backend that the handler threw, so it answers with the platform's error.
const HANDLER_FAILED = 'x-functions-internal-error';

const socketPath = Deno.env.get('SUPABASE_INTERNAL_SOCKET');
// The runtime's own settings (and the search path Deno sets for itself) are not the function's environment.
for (const name of ['SUPABASE_INTERNAL_SOCKET', 'DENO_DIR', 'NO_COLOR', 'PATH']) Deno.env.delete(name);

const encoder = new TextEncoder();
function send(message) {
  const bytes = encoder.encode(`${MARK}${JSON.stringify(message)}\n`);
  for (let written = 0; written < bytes.length;) written += Deno.stdout.writeSync(bytes.subarray(written));
}

const requestIds = new AsyncLocalStorage();
for (const level of ['log', 'info', 'debug', 'warn', 'error']) {
  console[level] = (...args) => send({ t: 'log', level, rid: requestIds.getStore(), msg: format(...args) });
}

// A heartbeat that stops means the event loop is held (a loop, a long computation); the backend then stops the
// process. A parent that is gone (the backend was killed) leaves the process without purpose.
const parent = Deno.ppid;
const heartbeat = setInterval(() => {
  if (Deno.ppid !== parent) Deno.exit(0);
  send({ t: 'beat', rss: Deno.memoryUsage().rss });
}, HEARTBEAT_MS);
Deno.unrefTimer(heartbeat);

function handlerOf(args) {
  const [first, second] = args;
  if (typeof first === 'function') return { handler: first, options: {} };
  if (typeof second === 'function') return { handler: second, options: first ?? {} };
  if (first && typeof first.handler === 'function') return { handler: first.handler, options: first };
  throw new TypeError('Deno.serve needs a handler function');
}

function remoteAddr(header, info) {
  if (!header) return info.remoteAddr;
  return { transport: 'tcp', hostname: header, port: 0 };
}

// The function sees the caller's request: internal headers removed (one pass over the list, copied once), the URL the
// caller used, and no body stream made for a method that has none.
function handle(request, info, handler, onError) {
  let requestId;
  let client;
  const headers = [];
  for (const entry of request.headers) {
    if (entry[0] === REQUEST_ID) requestId = entry[1];
    else if (entry[0] === CLIENT_ADDRESS) client = entry[1];
    else headers.push(entry);
  }
  // The socket's URL (http+unix://host/path) becomes the one the caller used, as Supabase shows it.
  const url = `http://${request.url.slice(request.url.indexOf('://') + 3)}`;
  const { method } = request;
  const forwarded = new Request(url, {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? null : request.body,
    signal: request.signal,
    duplex: 'half',
  });
  const handlerInfo = { remoteAddr: remoteAddr(client, info), completed: info.completed };
  const failed = (error) => {
    if (onError) return onError(error);
    console.error(error);
    return new Response(null, { status: 500, headers: { [HANDLER_FAILED]: 'handler' } });
  };
  return requestIds.run(requestId, () => {
    try {
      const response = handler(forwarded, handlerInfo);
      return typeof response?.then === 'function' ? Promise.resolve(response).catch(failed) : response;
    } catch (error) {
      return failed(error);
    }
  });
}

const serveNative = Deno.serve.bind(Deno);
let serving = false;

Deno.serve = function serve(...args) {
  if (serving) throw new Error('This function already serves its requests: call Deno.serve once');
  serving = true;
  const { handler, options } = handlerOf(args);
  return serveNative(
    {
      path: socketPath,
      transport: 'unix',
      signal: options.signal,
      onListen: () => send({ t: 'ready' }),
    },
    (request, info) => handle(request, info, handler, options.onError),
  );
};

// Once the function's module has run: a module that exports `{ fetch }` instead of calling Deno.serve is served too.
addEventListener('load', () => {
  if (serving) return;
  import(Deno.mainModule).then(
    (module) => {
      const entry = module.default;
      if (typeof entry?.fetch === 'function') Deno.serve((request, info) => entry.fetch(request, info));
      else send({ t: 'noserve' });
    },
    () => send({ t: 'noserve' }),
  );
});
