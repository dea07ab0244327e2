// The servers of the realtime benchmark, each in a process of its own so that the clients do not share its event
// loop. `backend`: the backend on PGlite serving bench/realtime/project; prints its URL, keys and user tokens as one
// JSON line. `baseline`: a minimal `ws` broadcast server (every message a client sends goes to every other client).
import { WebSocketServer, type WebSocket } from 'ws';
import { serveBenchBackend } from '../lib/bench-backend.ts';

const TEAMS = 20;

async function backend(): Promise<void> {
  await serveBenchBackend(
    'realtime',
    new URL('./project', import.meta.url),
    async ({ deps: { keys } }) => ({
      anonKey: keys.anonKey,
      serviceKey: keys.serviceRoleKey,
      tokens: await Promise.all(
        Array.from({ length: TEAMS }, (_, team) =>
          keys.sign({ role: 'authenticated', sub: crypto.randomUUID(), team: String(team) }, 3600),
        ),
      ),
    }),
    process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {},
  );
}

function baseline(): void {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  const clients = new Set<WebSocket>();
  wss.on('connection', (ws) => {
    clients.add(ws);
    ws.on('close', () => clients.delete(ws));
    ws.on('message', (data, isBinary) => {
      for (const client of clients) if (client !== ws) client.send(data, { binary: isBinary });
    });
  });
  wss.on('listening', () => {
    const { port } = wss.address() as { port: number };
    console.log(JSON.stringify({ url: `http://127.0.0.1:${port}`, pid: process.pid }));
  });
  process.once('SIGTERM', () => process.exit(0));
}

if (process.argv[2] === 'baseline') baseline();
else await backend();
