// Project folders as the Supabase CLI makes them load with no edits: the config.toml `supabase init` writes (kept
// verbatim in fixtures/supabase-init, every section and default of the CLI's template), and SQL written for
// Supabase that calls extension functions without their schema.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startBackend, type Backend } from '../src/server.ts';
import { createHarness, type Harness } from './harness.ts';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const SUPABASE_INIT = fixture('supabase-init');
const mainScript = fileURLToPath(new URL('../src/main.ts', import.meta.url));

const opened: Harness[] = [];
afterAll(() => Promise.all(opened.map((h) => h.close())));
async function harnessFor(dir: string): Promise<Harness> {
  const h = await createHarness({ env: { SUPABASE_DIR: dir } });
  opened.push(h);
  return h;
}

describe('the config.toml of `supabase init`', () => {
  it('serves auth and the data API with no edits', async () => {
    const h = await harnessFor(SUPABASE_INIT);
    expect(h.config.project.auth.minimum_password_length).toBe(6);
    expect((await h.request('/auth/v1/settings')).status).toBe(200);
    expect((await h.request('/rest/v1/', { apikey: null })).status).toBe(200);
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

describe('the config.toml of `supabase init`, served by a listening backend', () => {
  let backend: Backend;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'teamplan-init-'));
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

describe('a project whose SQL calls extension functions without their schema', () => {
  it('applies a migration using uuid_generate_v4() and a seed using crypt()', async () => {
    const h = await harnessFor(fixture('extensions-project'));
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
});
