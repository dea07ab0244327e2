// `npm run bench:soak`: the soak test's mixed load (reads, updates, refresh grants) for longer, at half of the
// measured maximum, on PGlite (or on BENCH_DATABASE_URL's PostgreSQL): errors, and the backend's resident memory
// every ten seconds as a curve, with its growth from the end of the warm-up as a ratio, and the heap and resident
// memory kept after a full garbage collection at the end of the warm-up and at the end, with their ratio.
// SOAK_SECONDS sets the length (300).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startBackendProcess } from '../../apps/backend/test/resilience/backend-process.ts';
import { measureMaximum, prepareTraffic, rssGrowth, soak } from '../../apps/backend/test/resilience/mixed-load.ts';
import { openMemoryProbe } from '../../apps/backend/test/resilience/settled-memory.ts';

const seconds = Number(process.env.SOAK_SECONDS ?? 300);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'teamplan-bench-soak-'));
const backend = await startBackendProcess(
  {
    DATA_DIR: dataDir,
    SUPABASE_AUTH_RATE_LIMIT_TOKEN_REFRESH: '1000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
  60_000,
  { inspect: true },
);
const probe = await openMemoryProbe(backend);
try {
  const traffic = await prepareTraffic(backend);
  const maximum = await measureMaximum(traffic, 8, 10);
  console.log(
    `${databaseUrl ? 'PostgreSQL' : 'PGlite'}: maximum ${maximum.toFixed(0)} req/s; soaking at half for ${seconds} s`,
  );
  const report = await soak(backend, traffic, maximum / 2, seconds, probe);
  const memory = rssGrowth(report.rssMb);
  console.log('second  RSS (MB)');
  report.rssMb.forEach((mb, second) => {
    if (second % 10 === 0 || second === report.rssMb.length - 1)
      console.log(`${String(second).padStart(6)}  ${mb.toFixed(0)}`);
  });
  console.log(
    `${report.requests} requests, ${report.errors.length} errors (target 0); RSS growth after warm-up ` +
      `${(memory.growth * 100).toFixed(1)} % (${memory.base.toFixed(0)} → ${memory.end.toFixed(0)} MB, sampled while it runs)`,
  );
  const { warm, end } = report.settled;
  console.log(
    `after a full collection: heap ${warm.heapMb.toFixed(1)} → ${end.heapMb.toFixed(1)} MB ` +
      `(ratio ${(end.heapMb / warm.heapMb).toFixed(3)}), RSS ${warm.rssMb.toFixed(0)} → ${end.rssMb.toFixed(0)} MB ` +
      `(ratio ${(end.rssMb / warm.rssMb).toFixed(3)}); target under 1.1 each`,
  );
  for (const error of report.errors.slice(0, 5)) console.log(`  ${error}`);
} finally {
  probe.close();
  await backend.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
