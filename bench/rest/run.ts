// `npm run bench:rest`: our data service against a minimal node:http server running the same statement with the
// same scoping statement on the same database, side by side (ABBA order) with autocannon over loopback, on PGlite
// and on a throwaway PostgreSQL. Prints p50 latency and throughput ratios next to their targets. The p50 comes from
// every response's own time: autocannon's histogram keeps whole milliseconds, too coarse for a 2 ms median.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { openPostgres } from '../../apps/backend/src/db/postgres.ts';
import { CASES } from './fixture.ts';
import { combineSamples, measureLoad } from '../lib/load.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
// Both servers run every request this long before measuring, so neither is measured while still compiling.
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PG_PORT = process.env.BENCH_PG_PORT ?? '55499';
const TARGET_P50 = 1.3;
const TARGET_THROUGHPUT = 0.75;

interface Targets {
  ours: string;
  baseline: string;
  headers: Record<string, string>;
}

async function startServers(env: Record<string, string>): Promise<{ child: ChildProcess; targets: Targets }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/rest/servers.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const targets = await new Promise<Targets>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`benchmark servers exited with ${code}`)));
    lines.on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line) as Targets);
    });
  });
  return { child, targets };
}

const measure = (url: string, headers: Record<string, string>, seconds: number) =>
  measureLoad(url, headers, CONNECTIONS, seconds);

const combine = combineSamples;

async function benchDatabase(label: string, env: Record<string, string>): Promise<string[]> {
  const { child, targets } = await startServers(env);
  const rows: string[] = [];
  try {
    for (const c of CASES) {
      await measure(`${targets.ours}${c.path}`, targets.headers, WARMUP_SECONDS);
      await measure(`${targets.baseline}${c.path}`, targets.headers, WARMUP_SECONDS);
    }
    for (const c of CASES) {
      const ours = `${targets.ours}${c.path}`;
      const baseline = `${targets.baseline}${c.path}`;
      // ABBA: each server is measured first once and second once, so drift favours neither.
      const a1 = await measure(ours, targets.headers, SECONDS / 2);
      const b1 = await measure(baseline, targets.headers, SECONDS / 2);
      const b2 = await measure(baseline, targets.headers, SECONDS / 2);
      const a2 = await measure(ours, targets.headers, SECONDS / 2);
      const us = combine([a1, a2]);
      const base = combine([b1, b2]);
      const p50Ratio = us.p50 / Math.max(base.p50, 0.001);
      const rpsRatio = us.rps / Math.max(base.rps, 0.001);
      const ok = p50Ratio <= TARGET_P50 && rpsRatio >= TARGET_THROUGHPUT && us.errors === 0 && base.errors === 0;
      rows.push(
        [
          label.padEnd(10),
          c.name.padEnd(28),
          `${us.p50.toFixed(2)} ms`.padStart(9),
          `${base.p50.toFixed(2)} ms`.padStart(9),
          `${p50Ratio.toFixed(2)}x (<= ${TARGET_P50})`.padStart(15),
          `${us.rps.toFixed(0)}/s`.padStart(8),
          `${base.rps.toFixed(0)}/s`.padStart(8),
          `${rpsRatio.toFixed(2)}x (>= ${TARGET_THROUGHPUT})`.padStart(16),
          ok ? 'ok' : `MISSED${us.errors + base.errors > 0 ? ` (${us.errors + base.errors} errors)` : ''}`,
        ].join(' | '),
      );
    }
  } finally {
    child.kill('SIGTERM');
  }
  return rows;
}

/** A throwaway PostgreSQL from scripts/lib/postgres.sh, or undefined when it is not installed. */
function startPostgres(): { url: string; stop(): void } | undefined {
  try {
    const out = execFileSync(
      'bash',
      [
        '-c',
        `source scripts/lib/postgres.sh && TEST_PG_PORT=${PG_PORT} start_test_postgres && echo "$TEST_DATABASE_URL $PG_TEST_DIR"`,
      ],
      { cwd: ROOT, encoding: 'utf8' },
    ).trim();
    const [url, dir] = out.split('\n').pop()!.split(' ');
    const stop = () =>
      execFileSync(
        'bash',
        [
          '-c',
          'source scripts/lib/postgres.sh; bin=$(pg_bin_dir); run=(); [ "$(id -u)" = 0 ] && run=(runuser -u postgres --); "${run[@]}" "$bin/pg_ctl" -D "$1/data" -m immediate stop >/dev/null; rm -rf "$1"',
          '_',
          dir,
        ],
        { cwd: ROOT },
      );
    return { url, stop };
  } catch (error) {
    console.error('PostgreSQL not started:', (error as Error).message);
    return undefined;
  }
}

const header = [
  'database'.padEnd(10),
  'request'.padEnd(28),
  'ours p50'.padStart(9),
  'base p50'.padStart(9),
  'p50 ratio'.padStart(15),
  'ours'.padStart(8),
  'base'.padStart(8),
  'throughput'.padStart(16),
  'result',
].join(' | ');
const rows = await benchDatabase('PGlite', {});
const postgres = startPostgres();
if (postgres) {
  try {
    const admin = await openPostgres(postgres.url, 1);
    await admin.exec('create database bench');
    await admin.close();
    rows.push(
      ...(await benchDatabase('PostgreSQL', { BENCH_DATABASE_URL: postgres.url.replace(/\/postgres$/, '/bench') })),
    );
  } finally {
    postgres.stop();
  }
}
console.log(
  `\n${CONNECTIONS} connections, ${WARMUP_SECONDS}s warm-up, ${SECONDS}s per server and request (ABBA), loopback\n`,
);
console.log(header);
console.log('-'.repeat(header.length));
for (const row of rows) console.log(row);
