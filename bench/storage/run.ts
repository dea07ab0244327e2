// `npm run bench:storage`: uploads and downloads of 1 MB and 100 MB files through /storage/v1 against a bare node:http
// server streaming the same bytes to the same disk (throughput and its ratio, goal >= 0.8x), with each server's peak
// RSS; then a 50 KB image downloaded by signed URL against node:http + fs.createReadStream (req/s, goal >= 0.75x), and
// a cached thumbnail of it by signed URL against its bytes served the same way (goal >= 0.75x). The backend runs on
// PGlite, or on the PostgreSQL database BENCH_DATABASE_URL names.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { combineSamples, measureLoad } from '../lib/load.ts';
import { median, printTable, ratio, type Row } from '../lib/measure.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const WARM_UP_ROUNDS = Number(process.env.BENCH_WARM_UP_ROUNDS ?? 50);

async function start(script: string): Promise<{ child: ChildProcess; info: Record<string, string> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve) => lines.once('line', resolve));
  return { child, info: JSON.parse(first) as Record<string, string> };
}

/** The process's resident memory now, in MiB. */
function rss(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/**
 * The highest resident memory of each process while `fn` runs, sampled every 20 ms. The peak since start (VmHWM) would
 * be the embedded database's start-up, the same for every file size.
 */
async function peakDuring(children: ChildProcess[], fn: () => Promise<void>): Promise<number[]> {
  const peaks = children.map(rss);
  const timer = setInterval(() => children.forEach((child, i) => (peaks[i] = Math.max(peaks[i], rss(child)))), 20);
  try {
    await fn();
  } finally {
    clearInterval(timer);
  }
  return peaks;
}

/** A PNG of random pixels: about 3 bytes a pixel, as noise does not compress. */
function noisePng(width: number, height: number): Promise<Buffer> {
  const pixels = randomBytes(width * height * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

async function timed(fn: () => Promise<void>): Promise<number> {
  // The load generator collects its own garbage first (run with --expose-gc): left to itself, it collects in the middle
  // of whichever transfer comes next, which timed it 5 to 10 ms slower whichever server it was talking to.
  (globalThis as { gc?: () => void }).gc?.();
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function expectOk(response: Response): Promise<void> {
  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
  // Read to the end and let go of each chunk: the load generator keeps none of the bytes it measures.
  if (response.body) for await (const chunk of response.body) void chunk;
}

const backend = await start('bench/storage/server.ts');
const baseline = await start('bench/storage/baseline.ts');
const auth = { authorization: `Bearer ${backend.info.serviceKey}` };
const rows: Row[] = [];
try {
  for (const [label, bytes] of [
    ['1 MB', 1_000_000],
    ['100 MB', 100_000_000],
  ] as const) {
    const body = Buffer.alloc(bytes, 7);
    const times = {
      storageUp: [] as number[],
      baseUp: [] as number[],
      storageDown: [] as number[],
      baseDown: [] as number[],
    };
    const rounds = bytes > 10_000_000 ? ROUNDS : ROUNDS * 10;
    // Untimed rounds first: the first few dozen transfers run code V8 and the embedded database have not compiled yet
    // (a 1 MB download takes 10 to 25 ms then, 3 to 5 ms afterwards), which says nothing about a running server.
    const warmUp = bytes > 10_000_000 ? 1 : WARM_UP_ROUNDS;
    const peaks = await peakDuring([backend.child, baseline.child], async () => {
      for (let i = -warmUp; i < rounds; i++) {
        // ABBA order, so neither side always runs on a warmer disk cache.
        const storageUp = () =>
          timed(async () =>
            expectOk(
              await fetch(`${backend.info.url}/storage/v1/object/bench/f${label}`, {
                method: 'POST',
                headers: { ...auth, 'content-type': 'application/octet-stream', 'x-upsert': 'true' },
                body,
              }),
            ),
          );
        const baseUp = () =>
          timed(async () => expectOk(await fetch(`${baseline.info.url}/f${label}`, { method: 'PUT', body })));
        const storageDown = () =>
          timed(async () =>
            expectOk(await fetch(`${backend.info.url}/storage/v1/object/bench/f${label}`, { headers: auth })),
          );
        const baseDown = () => timed(async () => expectOk(await fetch(`${baseline.info.url}/f${label}`)));
        if (i < 0) {
          await storageUp();
          await baseUp();
          await storageDown();
          await baseDown();
        } else if (i % 2 === 0) {
          times.storageUp.push(await storageUp());
          times.baseUp.push(await baseUp());
          times.storageDown.push(await storageDown());
          times.baseDown.push(await baseDown());
        } else {
          times.baseUp.push(await baseUp());
          times.storageUp.push(await storageUp());
          times.baseDown.push(await baseDown());
          times.storageDown.push(await storageDown());
        }
      }
    });
    const mbps = (ms: number) => bytes / 1e6 / (ms / 1000);
    for (const [what, ours, theirs] of [
      ['upload', median(times.storageUp), median(times.baseUp)],
      ['download', median(times.storageDown), median(times.baseDown)],
    ] as const) {
      rows.push({
        figure: `${what} ${label}: ours / node:http`,
        value: `${mbps(ours).toFixed(0)} / ${mbps(theirs).toFixed(0)} MB/s = ${ratio(theirs / ours)}`,
        target: '>= 0.80x',
        ok: theirs / ours >= 0.8,
      });
    }
    rows.push({
      figure: `peak RSS during ${label}: ours / node:http`,
      value: `${peaks[0].toFixed(0)} / ${peaks[1].toFixed(0)} MiB`,
      target: 'independent of file size',
      ok: null,
    });
  }

  // A 50 KB image by signed URL, against the same bytes served by node:http; then a thumbnail of it by signed URL,
  // transformed once and then served from the render cache, against the thumbnail's bytes served by node:http.
  const image = await noisePng(128, 128);
  await expectOk(
    await fetch(`${backend.info.url}/storage/v1/object/bench/image.png`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'image/png', 'x-upsert': 'true' },
      body: new Uint8Array(image),
    }),
  );
  await expectOk(await fetch(`${baseline.info.url}/image.png`, { method: 'PUT', body: new Uint8Array(image) }));
  const sign = async (transform?: Record<string, number>) => {
    const response = await fetch(`${backend.info.url}/storage/v1/object/sign/bench/image.png`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ expiresIn: 3600, ...(transform ? { transform } : {}) }),
    });
    return `${backend.info.url}/storage/v1${((await response.json()) as { signedURL: string }).signedURL}`;
  };
  const signedUrl = await sign();
  const thumbnailUrl = await sign({ width: 48, height: 48 });
  const thumbnail = await fetch(thumbnailUrl);
  if (!thumbnail.ok) throw new Error(`thumbnail: ${thumbnail.status} ${await thumbnail.text()}`);
  const thumbnailBytes = Buffer.from(await thumbnail.arrayBuffer());
  await expectOk(
    await fetch(`${baseline.info.url}/thumbnail`, { method: 'PUT', body: new Uint8Array(thumbnailBytes) }),
  );
  for (const [what, ourUrl, theirUrl] of [
    [`signed URL ${(image.length / 1000).toFixed(0)} KB image`, signedUrl, `${baseline.info.url}/image.png`],
    [`cached ${thumbnailBytes.length} B thumbnail`, thumbnailUrl, `${baseline.info.url}/thumbnail`],
  ] as const) {
    const ours = [];
    const theirs = [];
    await measureLoad(ourUrl, {}, 20, 1);
    for (let i = 0; i < ROUNDS; i++) {
      ours.push(await measureLoad(ourUrl, {}, 20, SECONDS));
      theirs.push(await measureLoad(theirUrl, {}, 20, SECONDS));
    }
    const a = combineSamples(ours);
    const b = combineSamples(theirs);
    rows.push({
      figure: `${what}: ours / node:http`,
      value: `${a.rps.toFixed(0)} / ${b.rps.toFixed(0)} req/s = ${ratio(a.rps / b.rps)} (errors ${a.errors}/${b.errors})`,
      target: '>= 0.75x',
      ok: a.rps / b.rps >= 0.75,
    });
  }
  printTable(
    `Storage on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'} against a bare node:http server`,
    rows,
  );
} finally {
  backend.child.kill('SIGTERM');
  baseline.child.kill('SIGTERM');
}
