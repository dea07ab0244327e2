// A project folder as the Supabase CLI makes it loads with no edits: fixtures/supabase-init holds the config.toml
// `supabase init` writes (verbatim, every section and default of the CLI's template), then a migration and a seed
// written for Supabase, which call extension functions without their schema.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startBackend, type Backend } from '../src/server.ts';
import { createHarness, type Harness, scratchDataDir } from './harness.ts';

const SUPABASE_INIT = fileURLToPath(new URL('./fixtures/supabase-init', import.meta.url));
const mainScript = fileURLToPath(new URL('../src/main.ts', import.meta.url));

describe('a `supabase init` folder with a migration and a seed', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ env: { SUPABASE_DIR: SUPABASE_INIT } });
  });
  afterAll(() => h?.close());

  it('serves auth and the data API with no edits, the migration using uuid_generate_v4() and the seed crypt()', async () => {
    expect(h.config.project.auth.minimum_password_length).toBe(6);
    expect((await h.request('/auth/v1/settings')).status).toBe(200);
    expect((await h.request('/rest/v1/', { apikey: null })).status).toBe(200);
    const check = (password: string) =>
      h.request('/rest/v1/rpc/member_password_matches', {
        method: 'POST',
        apikey: null,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ p_email: 'ada@example.com', p_password: password }),
      });
    expect(await (await check('analytical-engine')).json()).toBe(true);
    expect(await (await check('difference-engine')).json()).toBe(false);
    const { rows } = await h.db.query<{ id: string }>('select id::text from public.members');
    expect(rows).toEqual([{ id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/) }]);
  });

  it('lists what it does not implement as ignored with --print-config, unset env() values included', () => {
    const output = execFileSync(process.execPath, ['--import', 'tsx', mainScript, '--print-config'], {
      env: { PATH: process.env.PATH, SUPABASE_DIR: SUPABASE_INIT, DATA_DIR: tmpdir() },
      encoding: 'utf8',
    });
    const printed = JSON.parse(output) as { ignoredKeys: string[] };
    expect(printed.ignoredKeys).toEqual(
      expect.arrayContaining([
        'project_id',
        'db.pooler.pool_mode',
        'studio.openai_api_key',
        'auth.sms.twilio.auth_token',
        'auth.third_party.clerk.enabled',
        'edge_runtime.policy',
        'experimental.s3_secret_key',
      ]),
    );
    expect(printed.ignoredKeys).not.toContain('auth.rate_limit.sign_in_sign_ups');
    expect(printed.ignoredKeys).not.toContain('auth.external.apple.secret');
  });
});

describe('a `supabase init` folder with a migration and a seed, served by a listening backend', () => {
  let backend: Backend;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = scratchDataDir('init');
    backend = await startBackend(loadConfig({ SUPABASE_DIR: SUPABASE_INIT, DATA_DIR: dataDir, BACKEND_PORT: '0' }));
  });
  afterAll(async () => {
    await backend?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts and answers', async () => {
    const response = await fetch(`${backend.url}/auth/v1/health`);
    expect(response.status).toBe(200);
  });
});
