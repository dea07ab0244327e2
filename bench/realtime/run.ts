// `npm run bench:realtime`: the realtime service against a minimal `ws` broadcast server in the same run.
// 1. Fan-out: BENCH_CLIENTS (2,000) sockets on one channel, one sender: the most deliveries per second (a burst of
//    messages, until every socket has them all), then send-to-receive latency p50/p99 at half that rate; the same
//    clients and frames against the minimal server, in turn (baseline, backend, backend, baseline). The receiving
//    sockets live on BENCH_RECEIVER_THREADS (2) worker threads, so that the clients are not what saturates.
// 2. Connections: BENCH_IDLE (10,000) sockets, each joined to a channel and heartbeating: the backend's RSS per
//    connection, and heartbeat replies still prompt.
// 3. Postgres changes: inserts into a published table with row level security through the data API, 500 per second
//    with BENCH_SUBSCRIBERS (200) subscribers in 20 teams (each sees a twentieth of the rows): delivery latency
//    p50/p99; and the most inserts per second with and without those subscribers. On PGlite, or on PostgreSQL when
//    BENCH_CHANGES_DATABASE_URL names an empty database.
// BENCH_REALTIME_PARTS picks some of the three parts (fan-out, connections, changes), in that order by default.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type WebSocket from 'ws';
import { median, ms, printTable, ratio, type Row } from '../lib/measure.ts';
import { closeAll, joinAll, now, openMany, openSocket, percentile, request, sleep, socketUrl } from './clients.ts';
import { ReceiverPool } from './receivers.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2000);
const IDLE = Number(process.env.BENCH_IDLE ?? 10_000);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 200);
const BURST = Number(process.env.BENCH_BURST ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const INSERT_RATE = 500;
// Threads the fan-out's receiving sockets are spread over (see receivers.ts).
const RECEIVER_THREADS = Number(process.env.BENCH_RECEIVER_THREADS ?? 2);

interface Started {
  child: ChildProcess;
  url: string;
  pid: number;
  anonKey?: string;
  serviceKey?: string;
  tokens?: string[];
}

async function startServer(mode: 'backend' | 'baseline', databaseUrl?: string): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/realtime/server.ts', mode], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}) },
  });
  const started = await new Promise<Omit<Started, 'child'>>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the ${mode} server exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line) as Omit<Started, 'child'>);
    });
  });
  return { child, ...started };
}

function stopServer(server: Started): Promise<void> {
  return new Promise((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]);
}

// ---------------------------------------------------------------- fan-out

interface FanOut {
  deliveriesPerSecond: number;
  p50: number;
  p99: number;
}

const TOPIC = 'realtime:fanout';
const frameFor = (sentAt: number, seq: number) =>
  JSON.stringify({
    topic: TOPIC,
    event: 'broadcast',
    payload: { type: 'broadcast', event: 'tick', payload: { t: sentAt, seq } },
    ref: null,
    join_ref: null,
  });

async function fanOut(server: Started, isBackend: boolean): Promise<FanOut> {
  const url = isBackend ? socketUrl(server.url, server.anonKey) : socketUrl(server.url);
  const receivers = await ReceiverPool.start(url, CLIENTS, RECEIVER_THREADS, isBackend ? TOPIC : undefined);
  const sender = await openSocket(url);
  if (isBackend) await joinAll([sender], () => TOPIC);
  const waitFor = async (count: number) => {
    const deadline = Date.now() + 60_000;
    while ((await receivers.received()) < count && Date.now() < deadline) await sleep(5);
  };

  // The most deliveries per second: a burst, until every socket has every message.
  await sleep(200);
  await receivers.reset(false);
  const started = now();
  for (let i = 0; i < BURST; i++) sender.send(frameFor(now(), i));
  await waitFor(BURST * CLIENTS);
  const deliveriesPerSecond = ((await receivers.received()) / (now() - started)) * 1000;

  // Latency at half that rate.
  await sleep(300);
  const rate = deliveriesPerSecond / 2 / CLIENTS;
  await receivers.reset(true);
  const total = Math.max(20, Math.round(rate * SECONDS));
  const interval = 1000 / rate;
  const begin = now();
  for (let i = 0; i < total; i++) {
    const due = begin + i * interval;
    const wait = due - now();
    if (wait > 1) await sleep(wait);
    sender.send(frameFor(now(), i));
  }
  await waitFor(total * CLIENTS);
  const latencies = await receivers.latencies();
  const result = { deliveriesPerSecond, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  closeAll([sender]);
  await receivers.close();
  await sleep(500);
  return result;
}

// ---------------------------------------------------------------- idle connections

async function idleConnections(server: Started): Promise<{ perConnectionKb: number; heartbeatP99: number }> {
  // Warm: the code paths of a join and a heartbeat are loaded before the first measure.
  const warm = await openMany(socketUrl(server.url, server.anonKey), 10);
  await joinAll(warm, () => 'realtime:warm');
  closeAll(warm);
  await sleep(2000);
  const before = rssKb(server.pid);
  const sockets = await openMany(socketUrl(server.url, server.anonKey), IDLE);
  await joinAll(sockets, (i) => `realtime:idle-${i % 100}`);
  await Promise.all(sockets.map((ws) => request(ws, 'phoenix', 'heartbeat', {})));
  await sleep(3000);
  const after = rssKb(server.pid);
  const sample = sockets.filter((_, i) => i % Math.max(1, Math.floor(IDLE / 200)) === 0);
  const times: number[] = [];
  for (const ws of sample) {
    const started = now();
    await request(ws, 'phoenix', 'heartbeat', {});
    times.push(now() - started);
  }
  closeAll(sockets);
  await sleep(1000);
  return { perConnectionKb: (after - before) / IDLE, heartbeatP99: percentile(times, 99) };
}

// ---------------------------------------------------------------- postgres changes

async function insert(server: Started, team: number, attempt = 0): Promise<void> {
  // A kept-alive connection the server closed while idle fails once; the request is sent again on a new one.
  const response = await fetch(`${server.url}/rest/v1/items`, {
    method: 'POST',
    headers: {
      apikey: server.serviceKey!,
      authorization: `Bearer ${server.serviceKey!}`,
      'content-type': 'application/json',
      prefer: 'return=minimal',
    },
    body: JSON.stringify({ team, sent_at: now(), label: 'bench' }),
  }).catch((error: unknown) => {
    if (attempt < 2) return undefined;
    throw error;
  });
  if (!response) return insert(server, team, attempt + 1);
  if (!response.ok) throw new Error(`insert failed: ${response.status} ${await response.text()}`);
}

/** The most inserts per second, 20 at a time. */
async function maxInserts(server: Started): Promise<number> {
  let done = 0;
  const until = now() + SECONDS * 1000;
  const started = now();
  await Promise.all(
    Array.from({ length: 20 }, async (_, worker) => {
      while (now() < until) {
        await insert(server, (done + worker) % 20);
        done += 1;
      }
    }),
  );
  return (done / (now() - started)) * 1000;
}

async function changes(server: Started): Promise<Row[]> {
  // Untimed first: the data API's schema cache, and code neither V8 nor the database has compiled yet, would
  // otherwise make the rate without subscribers, measured first, the lower for it.
  await maxInserts(server);
  const idleRate = await maxInserts(server);
  const sockets = await openMany(socketUrl(server.url, server.anonKey), SUBSCRIBERS);
  await joinAll(
    sockets,
    (i) => `realtime:items-${i}`,
    (i) => ({
      access_token: server.tokens![i % server.tokens!.length],
      config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'items' }] },
    }),
  );
  let delivered = 0;
  let latencies: number[] = [];
  const onMessage = (data: WebSocket.RawData) => {
    const message = JSON.parse(data.toString()) as {
      event: string;
      payload: { data: { record: { sent_at: number } } };
    };
    if (message.event !== 'postgres_changes') return;
    delivered += 1;
    latencies.push(now() - message.payload.data.record.sent_at);
  };
  for (const ws of sockets) ws.on('message', onMessage);
  const subscribedRate = await maxInserts(server);

  // 500 inserts per second, paced.
  await sleep(1000);
  delivered = 0;
  latencies = [];
  const total = INSERT_RATE * SECONDS;
  const begin = now();
  // At most 64 inserts in flight: a backend that cannot keep up shows as a lower achieved rate, not a pile-up.
  const inFlight = new Set<Promise<void>>();
  for (let i = 0; i < total; i++) {
    const wait = begin + (i * 1000) / INSERT_RATE - now();
    if (wait > 1) await sleep(wait);
    while (inFlight.size >= 64) await Promise.race(inFlight);
    const pending: Promise<void> = insert(server, i % 20).finally(() => inFlight.delete(pending));
    inFlight.add(pending);
  }
  await Promise.all(inFlight);
  const achieved = (total / (now() - begin)) * 1000;
  const expected = (total * SUBSCRIBERS) / 20;
  const deadline = Date.now() + 30_000;
  while (delivered < expected && Date.now() < deadline) await sleep(10);
  closeAll(sockets);
  const p99 = percentile(latencies, 99);
  return [
    { figure: 'inserts/s, no subscribers', value: idleRate.toFixed(0), target: '-', ok: null },
    { figure: `inserts/s, ${SUBSCRIBERS} subscribers`, value: subscribedRate.toFixed(0), target: '-', ok: null },
    { figure: 'insert throughput with / without', value: ratio(subscribedRate / idleRate), target: '-', ok: null },
    { figure: `paced inserts/s achieved (of ${INSERT_RATE})`, value: achieved.toFixed(0), target: '-', ok: null },
    {
      figure: 'changes delivered / expected',
      value: `${delivered} / ${expected}`,
      target: 'all',
      ok: delivered === expected,
    },
    { figure: 'delivery p50', value: ms(percentile(latencies, 50)), target: '-', ok: null },
    { figure: 'delivery p99', value: ms(p99), target: '-', ok: null },
  ];
}

// ---------------------------------------------------------------- run

async function runFanOut(): Promise<void> {
  const backend = await startServer('backend');
  const baseline = await startServer('baseline');
  try {
    const ours: FanOut[] = [];
    const theirs: FanOut[] = [];
    theirs.push(await fanOut(baseline, false));
    ours.push(await fanOut(backend, true));
    ours.push(await fanOut(backend, true));
    theirs.push(await fanOut(baseline, false));
    const pick = (runs: FanOut[], key: keyof FanOut) => median(runs.map((run) => run[key]));
    const ourRate = Math.max(...ours.map((run) => run.deliveriesPerSecond));
    const theirRate = Math.max(...theirs.map((run) => run.deliveriesPerSecond));
    printTable(`Fan-out: ${CLIENTS} sockets on one channel, one sender (best of 2 each, latency at half the rate)`, [
      { figure: 'minimal ws server deliveries/s', value: theirRate.toFixed(0), target: '-', ok: null },
      { figure: 'backend deliveries/s', value: ourRate.toFixed(0), target: '-', ok: null },
      {
        figure: 'backend / minimal server',
        value: ratio(ourRate / theirRate),
        target: '>= 0.80x',
        ok: ourRate / theirRate >= 0.8,
      },
      {
        figure: 'minimal server p50 / p99',
        value: `${ms(pick(theirs, 'p50'))} / ${ms(pick(theirs, 'p99'))}`,
        target: '-',
        ok: null,
      },
      { figure: 'backend p50', value: ms(pick(ours, 'p50')), target: '-', ok: null },
      { figure: 'backend p99', value: ms(pick(ours, 'p99')), target: '< 50 ms', ok: pick(ours, 'p99') < 50 },
    ]);
  } finally {
    await stopServer(backend);
    await stopServer(baseline);
  }
}

// On a backend of its own: the fan-out's garbage, collected meanwhile, would hide what the sockets take.
async function runConnections(): Promise<void> {
  const idleBackend = await startServer('backend');
  const idle = await idleConnections(idleBackend).finally(() => stopServer(idleBackend));
  printTable(`Connections: ${IDLE} idle sockets, each joined and heartbeating, on one backend process`, [
    {
      figure: 'RSS per connection',
      value: `${idle.perConnectionKb.toFixed(1)} KB`,
      target: '< 50 KB',
      ok: idle.perConnectionKb < 50,
    },
    { figure: 'heartbeat reply p99 under that load', value: ms(idle.heartbeatP99), target: '-', ok: null },
  ]);
}

// On a database of its own: PostgreSQL when BENCH_CHANGES_DATABASE_URL names an empty database, else PGlite.
async function runChanges(): Promise<void> {
  const changesUrl = process.env.BENCH_CHANGES_DATABASE_URL;
  const changesBackend = await startServer('backend', changesUrl);
  try {
    printTable(
      `Postgres changes on ${changesUrl ? 'PostgreSQL' : 'PGlite'}: ${INSERT_RATE} inserts/s into a table with row level security, ${SUBSCRIBERS} subscribers`,
      await changes(changesBackend),
    );
  } finally {
    await stopServer(changesBackend);
  }
}

// BENCH_REALTIME_PARTS (e.g. "changes" or "fan-out,connections") runs only those parts; all three by default.
const PARTS = { 'fan-out': runFanOut, connections: runConnections, changes: runChanges };
const chosen = (process.env.BENCH_REALTIME_PARTS ?? Object.keys(PARTS).join(',')).split(',').map((part) => part.trim());
for (const part of chosen) {
  const run = PARTS[part as keyof typeof PARTS];
  if (!run) throw new Error(`BENCH_REALTIME_PARTS: unknown part "${part}" (${Object.keys(PARTS).join(', ')})`);
  await run();
}
