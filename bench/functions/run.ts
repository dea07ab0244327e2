// `npm run bench:functions`: a trivial function through /functions/v1 against the same handler run by `deno serve`
// directly, side by side (ABBA order) with autocannon over loopback: warm requests per second and p50, and their
// ratios. Beside them, the floors under /functions/v1 on this machine (bare-relay.ts): a bare Node relay over the same
// channel to the function's process, and a bare node:http server answering by itself. Then the cold start (a new Deno
// process for the function), and 50 concurrent calls of a function that waits one second, which should all be done
// in about one second.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, utimesSync } from 'node:fs';
import net from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { denoExecutable } from '../../apps/backend/src/functions/deno.ts';
import { combineSamples, measureLoad, type Sample } from '../lib/load.ts';
import { median, printTable } from '../lib/measure.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HELLO = fileURLToPath(new URL('./project/functions/hello/index.ts', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TARGET_RATIO = 0.7;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const measure = (url: string, headers: Record<string, string>, seconds = SECONDS) =>
  measureLoad(url, headers, CONNECTIONS, seconds);

const TICK_MICROS = 10_000;
/**
 * CPU time (µs) a server process and its children (the function's Deno process) have used, from /proc (Linux). Per
 * request it shows what each way costs on any machine, however busy: throughput on a shared one depends on who else
 * runs.
 */
function cpuMicros(pid: number): number {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
    const own = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const mine = (Number(own[11]) + Number(own[12])) * TICK_MICROS;
    return mine + children.reduce((sum, child) => sum + cpuMicros(Number(child)), 0);
  } catch {
    return NaN;
  }
}

/** A sample and the CPU its server used for each request answered. */
async function measureWithCpu(pid: number, url: string, headers: Record<string, string>) {
  const before = cpuMicros(pid);
  const sample = await measure(url, headers);
  return { sample, cpu: (cpuMicros(pid) - before) / Math.max(1, sample.latencies.length) };
}

const combine = combineSamples;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A process of the benchmark, once it has printed what it serves as a JSON line. */
async function startChild<T>(args: string[]): Promise<{ child: ChildProcess } & T> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = await new Promise<T>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line) as T);
    });
  });
  return { child, ...started };
}

async function startDenoServe(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(denoExecutable(), ['serve', '--quiet', '--host', '127.0.0.1', '--port', String(port), HELLO], {
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}/hello`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return { child, url };
    await sleep(50);
  }
  throw new Error('deno serve did not start');
}

/** Time to answer once the function's process has to be started again (its file touched: hot reload). */
async function coldStarts(url: string, headers: Record<string, string>): Promise<{ cold: number; warm: number }> {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const now = new Date();
    utimesSync(HELLO, now, now);
    await sleep(300);
    let started = performance.now();
    await fetch(url, { headers }).then((response) => response.text());
    cold.push(performance.now() - started);
    started = performance.now();
    await fetch(url, { headers }).then((response) => response.text());
    warm.push(performance.now() - started);
  }
  return { cold: median(cold), warm: median(warm) };
}

async function concurrentWaits(url: string, headers: Record<string, string>): Promise<number> {
  await fetch(url, { headers }).then((response) => response.text());
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: 50 }, () => fetch(url, { headers }).then((response) => response.text())),
  );
  if (answers.some((answer) => answer !== 'waited')) throw new Error('a call to wait failed');
  return performance.now() - started;
}

const backend = await startChild<{ url: string; anonKey: string }>(['bench/functions/server.ts']);
const direct = await startDenoServe();
const bare = await startChild<{ url: string }>(['bench/functions/bare-relay.ts', 'relay']);
const node = await startChild<{ url: string }>(['bench/functions/bare-relay.ts', 'node']);
try {
  const headers = { authorization: `Bearer ${backend.anonKey}` };
  const targets = {
    ours: { url: `${backend.url}/functions/v1/hello`, headers, pid: backend.child.pid! },
    bare: { url: bare.url, headers: {}, pid: bare.child.pid! },
    node: { url: node.url, headers: {}, pid: node.child.pid! },
    direct: { url: direct.url, headers: {}, pid: direct.child.pid! },
  };
  const names = Object.keys(targets) as Array<keyof typeof targets>;
  for (const name of names) await measure(targets[name].url, targets[name].headers, 2);
  const samples = { ours: [] as Sample[], bare: [] as Sample[], node: [] as Sample[], direct: [] as Sample[] };
  const cpu = { ours: [] as number[], bare: [] as number[], node: [] as number[], direct: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    // Each round in the reverse order of the one before, so that none always runs first on a warmer machine.
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) {
      const { sample, cpu: perRequest } = await measureWithCpu(
        targets[name].pid,
        targets[name].url,
        targets[name].headers,
      );
      samples[name].push(sample);
      cpu[name].push(perRequest);
    }
  }
  const a = combine(samples.ours);
  const r = combine(samples.bare);
  const n = combine(samples.node);
  const b = combine(samples.direct);
  const { cold, warm } = await coldStarts(targets.ours.url, headers);
  const waits = await concurrentWaits(`${backend.url}/functions/v1/wait`, headers);
  const ratio = a.rps / b.rps;
  // Latency the other way round: how much of deno serve's speed the relay keeps.
  const p50Ratio = b.p50 / a.p50;
  printTable(`hello through /functions/v1 vs deno serve directly (${CONNECTIONS} connections, ${ROUNDS}x${SECONDS}s)`, [
    { figure: 'requests/s via /functions/v1', value: a.rps.toFixed(0), target: '-', ok: null },
    { figure: 'requests/s via a bare Node relay', value: r.rps.toFixed(0), target: '-', ok: null },
    { figure: 'requests/s via bare node:http', value: n.rps.toFixed(0), target: '-', ok: null },
    { figure: 'requests/s via deno serve', value: b.rps.toFixed(0), target: '-', ok: null },
    {
      figure: 'throughput ratio',
      value: `${ratio.toFixed(2)}x`,
      target: `>= ${TARGET_RATIO}x`,
      ok: ratio >= TARGET_RATIO,
    },
    { figure: 'bare Node relay / deno serve', value: `${(r.rps / b.rps).toFixed(2)}x`, target: '-', ok: null },
    { figure: 'bare node:http / deno serve', value: `${(n.rps / b.rps).toFixed(2)}x`, target: '-', ok: null },
    { figure: 'p50 via /functions/v1 (ms)', value: a.p50.toFixed(1), target: '-', ok: null },
    { figure: 'p50 via a bare Node relay (ms)', value: r.p50.toFixed(1), target: '-', ok: null },
    { figure: 'p50 via bare node:http (ms)', value: n.p50.toFixed(1), target: '-', ok: null },
    { figure: 'p50 via deno serve (ms)', value: b.p50.toFixed(1), target: '-', ok: null },
    {
      figure: 'p50 ratio (deno serve / ours)',
      value: `${p50Ratio.toFixed(2)}x`,
      target: `>= ${TARGET_RATIO}x`,
      ok: p50Ratio >= TARGET_RATIO,
    },
    ...names.map((name) => ({
      figure: `server CPU per request, ${name} (µs)`,
      value: median(cpu[name]).toFixed(0),
      target: '-',
      ok: null,
    })),
    {
      figure: 'errors',
      value: String(a.errors + r.errors + b.errors),
      target: '0',
      ok: a.errors + r.errors + b.errors === 0,
    },
    { figure: 'cold start, one request (ms)', value: cold.toFixed(0), target: '-', ok: null },
    { figure: 'warm, one request (ms)', value: warm.toFixed(1), target: '-', ok: null },
    { figure: '50 concurrent 1 s calls (ms)', value: waits.toFixed(0), target: '< 1500', ok: waits < 1500 },
  ]);
} finally {
  bare.child.kill('SIGTERM');
  node.child.kill('SIGTERM');
  direct.child.kill();
  backend.child.kill('SIGTERM');
}
