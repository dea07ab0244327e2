// Soak: a mixed read, write and refresh load at half of what the backend sustains, for a bounded while: no request
// fails and memory stops growing once warm. Growth is read after a full garbage collection, at the end of the warm-up
// and at the end (see settled-memory.ts): the JavaScript heap that survives it, and the process's resident memory,
// each under 10 % more. Resident memory sampled while the load runs swings by a third with each collection, so it is
// printed, not judged.
// `npm run bench:soak` runs the same load for longer and prints the memory curve.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabaseUrl, scratchDataDir } from '../harness.ts';
import { startBackendProcess, type BackendProcess } from './backend-process.ts';
import { measureMaximum, prepareTraffic, rssGrowth, soak } from './mixed-load.ts';
import { openMemoryProbe, type MemoryProbe } from './settled-memory.ts';

const SECONDS = 60;

describe('the backend under a steady mixed load', () => {
  const dataDir = scratchDataDir('soak');
  let scratch: Awaited<ReturnType<typeof scratchDatabaseUrl>>;
  let backend: BackendProcess;
  let probe: MemoryProbe;

  beforeAll(async () => {
    scratch = await scratchDatabaseUrl();
    backend = await startBackendProcess(
      {
        DATA_DIR: dataDir,
        // The load comes from one address standing for many visitors; refreshes are not what is measured here.
        SUPABASE_AUTH_RATE_LIMIT_TOKEN_REFRESH: '1000000',
        ...(scratch.url ? { DATABASE_URL: scratch.url } : {}),
      },
      60_000,
      { inspect: true },
    );
    probe = await openMemoryProbe(backend);
  }, 120_000);
  afterAll(async () => {
    probe?.close();
    await backend?.stop();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`answers every request for ${SECONDS} s at half its maximum, with memory growth under 10 %`, async () => {
    const traffic = await prepareTraffic(backend);
    const maximum = await measureMaximum(traffic, 8, 5);
    const report = await soak(backend, traffic, maximum / 2, SECONDS, probe);
    const { warm, end } = report.settled;
    const memory = rssGrowth(report.rssMb);
    console.log(
      `soak on ${scratch.url ? 'PostgreSQL' : 'PGlite'}: maximum ${maximum.toFixed(0)} req/s, ran at ${(maximum / 2).toFixed(0)} req/s; ` +
        `${report.requests} requests, ${report.errors.length} errors; RSS ${report.rssMb[0].toFixed(0)} MB at start, ` +
        `${memory.base.toFixed(0)} MB warm and ${memory.end.toFixed(0)} MB at the end on the fitted line ` +
        `(${(memory.growth * 100).toFixed(1)} %); after a full collection, heap ${warm.heapMb.toFixed(1)} MB warm and ` +
        `${end.heapMb.toFixed(1)} MB at the end, RSS ${warm.rssMb.toFixed(0)} MB and ${end.rssMb.toFixed(0)} MB`,
    );
    expect(report.errors.slice(0, 5)).toEqual([]);
    expect(report.requests).toBeGreaterThan((maximum / 2) * SECONDS * 0.9);
    expect(end.heapMb / warm.heapMb).toBeLessThan(1.1);
    expect(end.rssMb / warm.rssMb).toBeLessThan(1.1);
  }, 180_000);
});
