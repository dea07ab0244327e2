// Runs in a function's Deno process before the function's own module (`deno run --preload`): connects to the socket
// the backend listens on for this process alone, before any code of the function runs, and serves the function's
// `Deno.serve` handler (or `export default { fetch }`) over it (see exchanges.js); tags console output with the request
// it belongs to; and lets the backend hear a heartbeat while the event loop turns.
// Messages to the backend on stdout are lines that start with a record separator; anything else is plain output.
/* global Deno, addEventListener, dispatchEvent */
import { AsyncLocalStorage } from 'node:async_hooks';
import { format } from 'node:util';
import { serveExchanges } from './exchanges.js';
import { upgradeSocketPath } from './sockets.ts';

const MARK = '\x1e';
const HEARTBEAT_MS = 100;

const socketPath = Deno.env.get('SUPABASE_INTERNAL_SOCKET');
// The runtime's own settings (and the search path Deno sets for itself) are not the function's environment.
for (const name of ['SUPABASE_INTERNAL_SOCKET', 'DENO_DIR', 'NO_COLOR', 'PATH']) Deno.env.delete(name);
// The backend accepts one connection and then stops listening: held here, it is out of the function's reach.
const backend = await Deno.connect({ transport: 'unix', path: socketPath });

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

// Background tasks, as Supabase's edge runtime offers them: `EdgeRuntime.waitUntil(promise)` lets a function answer
// and finish its work afterwards. The backend keeps the process while any task is pending (see runtime.ts).
let pendingTasks = 0;
function waitUntil(task) {
  if (!(task instanceof Promise)) return task;
  pendingTasks += 1;
  if (pendingTasks === 1) send({ t: 'tasks', pending: true });
  const settled = () => {
    pendingTasks -= 1;
    if (pendingTasks === 0) send({ t: 'tasks', pending: false });
  };
  // A task that fails is the function's error to read in its log; it does not end the process and the requests in it.
  task.then(settled, (error) => {
    console.error('Uncaught (in promise) in a background task:', error);
    settled();
  });
  return task;
}
const edgeRuntime = Object.freeze({ waitUntil });
Object.defineProperty(globalThis, 'EdgeRuntime', { get: () => edgeRuntime, configurable: true });

// The backend stops an idle or replaced process with SIGTERM: the function hears `beforeunload`, with the edge
// runtime's reason, before it goes (to save state or log its progress; the event is not awaited).
Deno.addSignalListener('SIGTERM', () => {
  try {
    dispatchEvent(new CustomEvent('beforeunload', { cancelable: true, detail: { reason: 'termination' } }));
  } catch (error) {
    console.error(error);
  }
  Deno.exit(0);
});

function handlerOf(args) {
  const [first, second] = args;
  if (typeof first === 'function') return { handler: first, options: {} };
  if (typeof second === 'function') return { handler: second, options: first ?? {} };
  if (first && typeof first.handler === 'function') return { handler: first.handler, options: first };
  throw new TypeError('Deno.serve needs a handler function');
}

let serving = false;
const denoServe = Deno.serve;

/**
 * WebSocket upgrades reach the function through a server of Deno's own on a second socket beside the first, since
 * `Deno.upgradeWebSocket` takes only a request that Deno's HTTP server received. The backend relays each upgrade there
 * (see upgrade.ts) and passes the messages on once the function accepts it.
 */
function serveUpgrades(handler, onError) {
  let listening;
  const listened = new Promise((resolve) => (listening = resolve));
  const options = { path: upgradeSocketPath(socketPath), onListen: () => listening(), ...(onError ? { onError } : {}) };
  return { server: denoServe(options, handler), listened };
}

// The function's server: what Deno.serve returns, serving until the backend goes away or the function's signal aborts.
Deno.serve = function serve(...args) {
  if (serving) throw new Error('This function already serves its requests: call Deno.serve once');
  serving = true;
  const { handler, options } = handlerOf(args);
  const addr = { transport: 'unix', path: socketPath };
  const finished = serveExchanges(backend, {
    handler,
    onError: options.onError,
    runAs: (requestId, run) => requestIds.run(requestId, run),
    socketAddr: addr,
  });
  const upgrades = serveUpgrades(handler, options.onError);
  const shutdown = async () => {
    try {
      backend.close();
    } catch {
      // Already closed.
    }
    await Promise.all([finished, upgrades.server.shutdown()]);
  };
  options.signal?.addEventListener('abort', () => void shutdown(), { once: true });
  // Ready once both sockets take connections.
  void upgrades.listened.then(() => send({ t: 'ready' }));
  return {
    addr,
    finished,
    shutdown,
    ref() {},
    unref() {},
    [Symbol.asyncDispose]: shutdown,
  };
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
