// The functions' configuration: config.toml's [functions.<name>] sections as the Supabase CLI reads them, the
// runtime's limits from the environment, and where the secrets come from.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { envFileArgument } from './config.ts';

function projectWith(toml: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'teamplan-functions-config-'));
  writeFileSync(path.join(dir, 'config.toml'), toml);
  return dir;
}

describe('functions configuration', () => {
  it("takes a hosted project's limits and the project's .env by default", () => {
    const dir = projectWith('');
    const { functions } = loadConfig({ SUPABASE_DIR: dir });
    expect(functions.limits).toEqual({
      wallClockMs: 150_000,
      cpuTimeMs: 2000,
      memoryMb: 256,
      maxBodyBytes: 20 * 1024 * 1024,
      idleMs: 300_000,
    });
    expect(functions.dir).toBe(path.join(dir, 'functions'));
    expect(functions.envFile).toBe(path.join(dir, 'functions', '.env'));
    expect(functions.projectRoot).toBe(path.dirname(dir));
  });

  it('reads the [functions.<name>] sections with the CLI defaults', () => {
    const dir = projectWith('[functions.webhook]\nverify_jwt = false\n[functions.other]\nentrypoint = "./x/main.ts"\n');
    const { sections } = loadConfig({ SUPABASE_DIR: dir }).functions;
    expect(sections.webhook).toMatchObject({ enabled: true, verify_jwt: false });
    expect(sections.other).toMatchObject({ enabled: true, verify_jwt: true, entrypoint: './x/main.ts' });
  });

  it('refuses a function name the CLI would refuse', () => {
    expect(() => loadConfig({ SUPABASE_DIR: projectWith('[functions."../up"]\nverify_jwt = false\n') })).toThrow(
      ConfigError,
    );
  });

  it('takes limits and an env file from the environment', () => {
    const { functions } = loadConfig({
      SUPABASE_DIR: projectWith(''),
      FUNCTIONS_WALL_CLOCK_LIMIT: '2.5',
      FUNCTIONS_CPU_TIME_LIMIT_MS: '500',
      FUNCTIONS_MEMORY_LIMIT_MB: '64',
      FUNCTIONS_ENV_FILE: 'secrets/functions.env',
    });
    expect(functions.limits).toMatchObject({ wallClockMs: 2500, cpuTimeMs: 500, memoryMb: 64 });
    expect(functions.envFile).toBe(path.resolve('secrets/functions.env'));
    expect(() => loadConfig({ SUPABASE_DIR: projectWith(''), FUNCTIONS_CPU_TIME_LIMIT_MS: '10' })).toThrow(ConfigError);
  });

  it('reads --env-file from the command line in both spellings', () => {
    expect(envFileArgument(['node', 'main.ts', '--env-file', 'a.env'])).toBe('a.env');
    expect(envFileArgument(['node', 'main.ts', '--env-file=b.env'])).toBe('b.env');
    expect(envFileArgument(['node', 'main.ts'])).toBeUndefined();
  });
});
