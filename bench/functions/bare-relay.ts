// The floors under /functions/v1, each a node:http server in a process of its own. `relay`: each request goes to the
// hello function's process over its channel and back (relay.ts, as /functions/v1 does), without the router, the JWT
// check or CORS: the least any relay through Node does with this transport. `node`: the server answers by itself, the
// most any server in Node serves on this machine. Prints its URL as JSON.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeDownstream } from '../../apps/backend/src/functions/downstream.ts';
import { functionRequestHeaders } from '../../apps/backend/src/functions/relay-headers.ts';
import { relay } from '../../apps/backend/src/functions/relay.ts';
import { FunctionWorker } from '../../apps/backend/src/functions/worker.ts';

const HELLO = fileURLToPath(new URL('./project/functions/hello/index.ts', import.meta.url));
const mode = process.argv[2];
let stop = () => {};
let server: http.Server;

if (mode === 'relay') {
  const socketDir = mkdtempSync(path.join(tmpdir(), 'bench-functions-'));
  const limits = { wallClockMs: 150_000, cpuTimeMs: 2000, memoryMb: 256, maxBodyBytes: 20 * 1024 * 1024, idleMs: 1 };
  const worker = new FunctionWorker({
    definition: { name: 'hello', entrypoint: HELLO, dir: path.dirname(HELLO), verifyJwt: false, staticFiles: [] },
    socketPath: path.join(socketDir, '1.sock'),
    env: { SUPABASE_INTERNAL_SOCKET: path.join(socketDir, '1.sock'), DENO_DIR: path.join(socketDir, 'deno') },
    cwd: fileURLToPath(new URL('../../', import.meta.url)),
    limits,
    log: () => {},
  });
  await worker.ready;
  stop = () => {
    worker.stop('stopped');
    rmSync(socketDir, { recursive: true, force: true });
  };
  server = http.createServer((incoming, outgoing) => {
    const { method = 'GET', url = '/' } = incoming;
    const request = {
      method,
      url: `http://${incoming.headers.host}${url}`,
      headers: functionRequestHeaders(incoming.rawHeaders, method),
      requestId: 'bench',
      body: method === 'GET' || method === 'HEAD' ? undefined : incoming,
      maxBodyBytes: limits.maxBodyBytes,
      wallClockMs: limits.wallClockMs,
    };
    relay(worker, request, nodeDownstream(outgoing, undefined), () => {});
  });
} else {
  const body = JSON.stringify({ message: 'Hello World' });
  server = http.createServer((_incoming, outgoing) => {
    outgoing.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    outgoing.end(body);
  });
}

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}/hello` }));
});
process.once('SIGTERM', () => {
  stop();
  process.exit(0);
});
