// Functions that fail, hang, spin or eat memory get Supabase's answers (500, 502, 504, 546) and are stopped without
// harm to the backend or the other functions; a caller that gives up gets a fetch error and holds up nobody; a body over
// the limit is refused; a function whose import does not resolve is reported at start and answers 503.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFunctionsBackend, type FunctionsBackend } from './backend.ts';

const WALL_CLOCK_S = 2;
const CPU_TIME_MS = 400;

let fb: FunctionsBackend;
beforeAll(async () => {
  fb = await startFunctionsBackend({
    FUNCTIONS_WALL_CLOCK_LIMIT: String(WALL_CLOCK_S),
    FUNCTIONS_CPU_TIME_LIMIT_MS: String(CPU_TIME_MS),
    FUNCTIONS_MEMORY_LIMIT_MB: '64',
    FUNCTIONS_MAX_BODY_BYTES: String(64 * 1024),
  });
});
afterAll(() => fb.stop());

async function httpError(name: string, options = {}) {
  const { error } = await fb.anon.functions.invoke(name, options);
  expect(error).toBeInstanceOf(FunctionsHttpError);
  const response = (error as FunctionsHttpError).context as Response;
  return { status: response.status, code: response.headers.get('sb-error-code'), body: await response.json() };
}

const stillServes = async () => {
  const { data } = await fb.anon.functions.invoke('echo', { method: 'GET' });
  expect(data).toMatchObject({ method: 'GET' });
};

describe('a failing function', () => {
  /** A call whose handler failed: the function's own failure, not the platform's, so no relay error and no code. */
  async function handlerFailure(name: string) {
    const { error } = await fb.anon.functions.invoke(name);
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    const { status, headers } = response;
    return {
      status,
      code: headers.get('sb-error-code'),
      type: headers.get('content-type'),
      body: await response.text(),
    };
  }

  it('answers a bare 500 when its handler throws or rejects, as Supabase does, and serves the next call', async () => {
    const bare500 = { status: 500, code: null, type: null, body: 'Internal Server Error' };
    expect(await handlerFailure('crash/throw')).toEqual(bare500);
    expect(await handlerFailure('crash/fail')).toEqual(bare500);
    // The log comes through the process's output, which may arrive after the answer.
    const thrown = /^\[functions:crash\] \[[0-9a-f-]{36}\] Error: thrown by the handler/;
    await expect.poll(() => fb.logs().some((line) => thrown.test(line))).toBe(true);
    expect((await fb.anon.functions.invoke('crash', { method: 'GET' })).data).toMatch(/^alive/);
  });

  it('answers a bare 502 when its handler gives no Response, as Supabase does, and serves the next call', async () => {
    expect(await handlerFailure('crash/nothing')).toEqual({ status: 502, code: null, type: null, body: 'Bad Gateway' });
    expect((await fb.anon.functions.invoke('crash', { method: 'GET' })).data).toMatch(/^alive/);
  });

  it('answers 500 when its process ends, and starts a new one for the next call', async () => {
    const before = (await fb.anon.functions.invoke('crash', { method: 'GET' })).data as string;
    expect((await httpError('crash/exit')).status).toBe(500);
    const after = (await fb.anon.functions.invoke('crash', { method: 'GET' })).data as string;
    expect(after).toMatch(/^alive/);
    expect(after).not.toBe(before);
  });

  it('is stopped with 546 when it holds the CPU, while the backend and other functions go on', async () => {
    const [spinning, other] = await Promise.all([
      httpError('loop'),
      fb.anon.functions.invoke('echo', { method: 'GET' }),
    ]);
    expect(spinning).toEqual({
      status: 546,
      code: 'WORKER_RESOURCE_LIMIT',
      body: {
        code: 'WORKER_LIMIT',
        message: 'Function failed due to not having enough compute resources (please check logs)',
      },
    });
    expect(other.error).toBeNull();
    expect(fb.logs()).toContain('[functions:loop] CPU time exceeded');
  });

  const crashPid = async () => {
    const { data } = await fb.anon.functions.invoke('crash', { method: 'GET' });
    return Number(/pid (\d+)/.exec(data as string)![1]);
  };
  /** Stops a process for `ms`, as a paused machine would: no heartbeat, and no CPU used. */
  const pause = async (pid: number, ms: number) => {
    process.kill(pid, 'SIGSTOP');
    await new Promise((resolve) => setTimeout(resolve, ms));
    try {
      process.kill(pid, 'SIGCONT');
    } catch {
      // Ended meanwhile.
    }
  };

  it('is not stopped when its heartbeat is late without its using the CPU (a machine that stalls)', async () => {
    const pid = await crashPid();
    await pause(pid, 3 * CPU_TIME_MS);
    expect(await crashPid()).toBe(pid);
    expect(fb.logs()).not.toContain('[functions:crash] CPU time exceeded');
  });

  it('is stopped when its heartbeat is later than the wall-clock limit, CPU or not', async () => {
    const pid = await crashPid();
    await pause(pid, WALL_CLOCK_S * 1000 + 600);
    expect(fb.logs()).toContain('[functions:crash] Wall clock time exceeded with the event loop held');
    expect(await crashPid()).not.toBe(pid);
  });

  it('is stopped with 546 when it runs out of memory', async () => {
    expect(await httpError('hog')).toMatchObject({ status: 546, code: 'WORKER_RESOURCE_LIMIT' });
    expect(fb.logs()).toContain('[functions:hog] Memory limit exceeded');
    await stillServes();
  });

  it('answers 504 when it does not answer within the wall-clock limit', async () => {
    expect(await httpError('slow?ms=5000', { method: 'GET' })).toMatchObject({ status: 504, code: 'IDLE_TIMEOUT' });
  });
});

describe('a caller that gives up', () => {
  it('gets a fetch error, the function hears of it, and the next call is not held up', async () => {
    const { error } = await fb.anon.functions.invoke('slow?ms=1500', { method: 'GET', timeout: 200 });
    expect(error).toBeInstanceOf(FunctionsFetchError);
    const started = Date.now();
    const { data } = await fb.anon.functions.invoke('slow?ms=10', { method: 'GET' });
    expect(data).toBe('waited 10 ms');
    expect(Date.now() - started).toBeLessThan(1000);
    await expect.poll(() => fb.logs().some((line) => line.endsWith('slow: the caller went away'))).toBe(true);
  });
});

describe('the request body', () => {
  it('is refused over the limit, by its length or as it streams', async () => {
    const big = new Uint8Array(65 * 1024);
    const { error } = await fb.anon.functions.invoke('echo', { body: big.buffer });
    expect(error).toBeInstanceOf(FunctionsRelayError);
    expect(((error as FunctionsRelayError).context as Response).status).toBe(413);

    const chunks = [big.subarray(0, 40 * 1024), big.subarray(40 * 1024)];
    const body = new ReadableStream({
      pull: (controller) => void (chunks.length ? controller.enqueue(chunks.shift()) : controller.close()),
    });
    const response = await fetch(`${fb.url}/functions/v1/echo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fb.backend.deps.keys.anonKey}` },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(response.headers.get('x-relay-error')).toBe('true');
  });
});

describe('a function whose import does not resolve', () => {
  it('is reported at start, listed by `npm run status`, and answers 503', async () => {
    const report = await fb.backend.deps.functions!.checked!;
    const broken = report.find((fn) => fn.name === 'broken');
    expect(broken?.error).toMatch(/npm:this-package-is-not-installed-anywhere/);
    expect(report.find((fn) => fn.name === 'echo')?.error).toBeUndefined();

    const status = execFileSync(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('../../src/status.ts', import.meta.url))],
      { env: { ...process.env, DATA_DIR: fb.backend.deps.config.dataDir }, encoding: 'utf8' },
    );
    expect(status).toMatch(/broken: cannot start: npm:this-package-is-not-installed-anywhere/);
    expect(status).toMatch(/echo: http:\/\/127\.0\.0\.1:\d+\/functions\/v1\/echo/);

    expect(await httpError('broken')).toEqual({
      status: 503,
      code: 'BOOT_ERROR',
      body: { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' },
    });
  });
});
