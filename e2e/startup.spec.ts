// The web server refuses to start without its backend's address or key, and names what is missing.
import { spawnSync } from 'node:child_process';
import { expect, test } from './support/test.ts';

function startWeb(env: Record<string, string>) {
  const { SUPABASE_URL: _url, SUPABASE_ANON_KEY: _key, ...inherited } = process.env;
  return spawnSync(process.execPath, ['apps/web/server.js'], {
    env: { ...inherited, PORT: '3399', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

test('without SUPABASE_URL the web server stops and names it', () => {
  const result = startWeb({ SUPABASE_ANON_KEY: 'key' });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('SUPABASE_URL');
  expect(result.stderr).not.toContain('SUPABASE_ANON_KEY');
});

test('without SUPABASE_ANON_KEY the web server stops and names it', () => {
  const result = startWeb({ SUPABASE_URL: 'http://127.0.0.1:54321' });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('SUPABASE_ANON_KEY');
});
