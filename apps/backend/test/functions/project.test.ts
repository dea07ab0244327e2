// The project folder as the functions see it: each function's environment holds Supabase's variables and the
// project's secrets and nothing of the backend's or another function's; a function reads its own folder only; a name
// with path tricks reaches nothing; and an edited function answers with its new code from the next request on.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, startFunctionsBackend, type FunctionsBackend } from './backend.ts';

let fb: FunctionsBackend;
beforeAll(async () => {
  // Set in the backend's own environment: no function may see it.
  process.env.BACKEND_ONLY_MARKER = 'backend only';
  fb = await startFunctionsBackend();
});
afterAll(async () => {
  delete process.env.BACKEND_ONLY_MARKER;
  await fb.stop();
});

describe('the environment of a function', () => {
  it("has Supabase's variables, the project's secrets, and nothing else", async () => {
    const { data } = await fb.anon.functions.invoke<Record<string, string>>('env', { method: 'GET' });
    const { keys, config } = fb.backend.deps;
    expect(data).toMatchObject({
      SUPABASE_URL: fb.url,
      SUPABASE_ANON_KEY: keys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
      MY_SECRET: 'from-the-env-file',
    });
    expect(JSON.parse(data!.SUPABASE_JWKS)).toEqual(keys.jwks);
    expect(typeof JSON.parse(data!.SUPABASE_PUBLISHABLE_KEYS)).toBe('object');
    expect(typeof JSON.parse(data!.SUPABASE_SECRET_KEYS)).toBe('object');
    expect(data!.SUPABASE_DB_URL).toBe(config.databaseUrl);
    // A secret may not take a SUPABASE_ name, as with the Supabase CLI.
    expect(data!.SUPABASE_NOT_ALLOWED).toBeUndefined();
    expect(fb.logs().some((line) => line.includes('SUPABASE_NOT_ALLOWED is skipped'))).toBe(true);
    const allowed =
      /^(SUPABASE_(URL|ANON_KEY|SERVICE_ROLE_KEY|PUBLISHABLE_KEYS|SECRET_KEYS|JWKS|DB_URL)|MY_SECRET|DENO_NODE_SHIM_ACTIVE)$/;
    expect(Object.keys(data!).filter((name) => !allowed.test(name))).toEqual([]);
  });

  it('is its own: a variable one function sets is not seen by another', async () => {
    await fb.anon.functions.invoke('env', { method: 'GET' });
    const { data } = await fb.anon.functions.invoke('public', { method: 'GET' });
    expect(data).toMatchObject({ leaked: null });
  });
});

describe('files', () => {
  it('a function reads its own folder, and nothing outside it', async () => {
    const read = (file: string) =>
      fb.anon.functions.invoke(`reader?path=${encodeURIComponent(file)}`, { method: 'GET' }).then((r) => r.data);
    expect(await read('index.ts')).toMatchObject({ read: expect.any(Number) });
    expect(await read('../../config.toml')).toEqual({ refused: 'NotCapable' });
    expect(await read('../echo/index.ts')).toEqual({ refused: 'NotCapable' });
  });

  /** A request whose path goes on the wire exactly as written. */
  const rawGet = (rawPath: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(fb.url);
      const request = http.request({ host: url.hostname, port: url.port, path: rawPath, method: 'GET' }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body }));
      });
      request.setHeader('authorization', `Bearer ${fb.backend.deps.keys.anonKey}`);
      request.on('error', reject).end();
    });

  it.each([
    '/functions/v1/..%2Fconfig.toml',
    '/functions/v1/%2e%2e/%2e%2e/config.toml',
    '/functions/v1/echo%2F..%2F..%2Fconfig.toml',
    '/functions/v1/..',
    '/functions/v1/.env',
    '/functions/v1/%65cho',
    '/functions/v1/',
    '/functions/v1',
  ])('answers 404 to %s', async (rawPath) => {
    const { status, body } = await rawGet(rawPath);
    expect(status).toBe(404);
    expect(body).not.toMatch(/jwt_secret|Deno\.serve|MY_SECRET/);
  });

  it('does not follow a function folder that leads outside the functions folder', async () => {
    const outside = mkdtempSync(path.join(tmpdir(), 'teamplan-outside-'));
    writeFileSync(path.join(outside, 'index.ts'), "Deno.serve(() => new Response('escaped'));\n");
    const link = path.join(FIXTURES, 'functions', 'escape');
    symlinkSync(outside, link);
    try {
      expect((await rawGet('/functions/v1/escape')).status).toBe(404);
    } finally {
      rmSync(link);
      rmSync(outside, { recursive: true });
    }
  });
});

describe('hot reload', () => {
  it('serves the new code of an edited function from the next request on', async () => {
    const folder = path.join(FIXTURES, 'functions', `tmp-reload-${process.pid}`);
    const name = path.basename(folder);
    const write = (text: string) =>
      writeFileSync(path.join(folder, 'index.ts'), `Deno.serve(() => new Response('${text}'));\n`);
    const answer = () => fb.anon.functions.invoke(name, { method: 'GET' }).then((r) => r.data ?? r.response?.status);
    mkdirSync(folder);
    try {
      write('first version');
      expect(await answer()).toBe('first version');
      write('second version');
      await expect.poll(answer, { timeout: 3000 }).toBe('second version');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    await expect.poll(answer, { timeout: 3000 }).toBe(404);
  });
});
