// `npm run status` prints the keys of the embedded backend for a data folder, as text or JSON.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const statusScript = fileURLToPath(new URL('../src/status.ts', import.meta.url));
const run = (args: string[], env: Record<string, string>) =>
  execFileSync(process.execPath, ['--import', 'tsx', statusScript, ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });

describe('status', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamplan-status-'));
  writeFileSync(
    path.join(dataDir, 'api_keys.json'),
    JSON.stringify({
      kid: 'k',
      anonKey: 'anon.jwt',
      serviceRoleKey: 'service.jwt',
      publishableKey: 'sb_publishable_p',
      secretKey: 'sb_secret_s',
    }),
  );
  const env = { DATA_DIR: dataDir, BACKEND_PORT: '54999', SUPABASE_DIR: dataDir };

  it('prints the API URL, the mailbox URL and the keys with the labels of `supabase status`', () => {
    const output = run([], env);
    expect(output).toMatch(/API URL: http:\/\/127\.0\.0\.1:54999\n/);
    expect(output).toMatch(/Mailbox URL: http:\/\/127\.0\.0\.1:54999\/mailbox/);
    expect(output).toMatch(/^ Publishable key: sb_publishable_p$/m);
    expect(output).toMatch(/^ {6}Secret key: sb_secret_s$/m);
    expect(output).toMatch(/anon key: anon\.jwt/);
    expect(output).toMatch(/service_role key: service\.jwt/);
  });

  it('prints JSON with --json', () => {
    expect(JSON.parse(run(['--json'], env))).toMatchObject({
      API_URL: 'http://127.0.0.1:54999',
      MAILBOX_URL: 'http://127.0.0.1:54999/mailbox',
      PUBLISHABLE_KEY: 'sb_publishable_p',
      SECRET_KEY: 'sb_secret_s',
      ANON_KEY: 'anon.jwt',
      SERVICE_ROLE_KEY: 'service.jwt',
    });
  });

  it('says what to do when no backend has started on the folder', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'teamplan-status-empty-'));
    const result = spawnSync(process.execPath, ['--import', 'tsx', statusScript], {
      env: { ...process.env, DATA_DIR: empty, SUPABASE_DIR: empty },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/npm start/);
  });
});
