import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, describeConfig, loadConfig } from './config.ts';

function projectWith(toml: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'teamplan-config-'));
  writeFileSync(path.join(dir, 'config.toml'), toml);
  return dir;
}

describe('loadConfig', () => {
  it("takes the Supabase CLI's defaults for absent keys", () => {
    const config = loadConfig({ SUPABASE_DIR: projectWith('') });
    expect(config.port).toBe(54321);
    expect(config.project.api.max_rows).toBe(1000);
    expect(config.project.auth.jwt_expiry).toBe(3600);
    expect(config.project.auth.refresh_token_reuse_interval).toBe(10);
    expect(config.project.auth.email.enable_confirmations).toBe(false);
    expect(config.project.auth.minimum_password_length).toBe(6);
  });

  it('reads config.toml sections and env() references', () => {
    const dir = projectWith(
      '[api]\nport = 6000\nmax_rows = 50\n[auth]\nsite_url = "env(MY_SITE)"\nminimum_password_length = 10\n' +
        'password_requirements = "letters_digits"\n[auth.email]\nenable_confirmations = true\n',
    );
    const config = loadConfig({ SUPABASE_DIR: dir, MY_SITE: 'http://example.test' });
    expect(config.port).toBe(6000);
    expect(config.project.api.max_rows).toBe(50);
    expect(config.project.auth.site_url).toBe('http://example.test');
    expect(config.project.auth.password_requirements).toBe('letters_digits');
    expect(config.project.auth.email.enable_confirmations).toBe(true);
  });

  it('lets SUPABASE_<SECTION>_<KEY> variables and BACKEND_PORT override the file', () => {
    const dir = projectWith('[auth.email]\nenable_confirmations = false\n');
    const config = loadConfig({
      SUPABASE_DIR: dir,
      SUPABASE_AUTH_EMAIL_ENABLE_CONFIRMATIONS: 'true',
      SUPABASE_AUTH_JWT_EXPIRY: '600',
      BACKEND_PORT: '7000',
    });
    expect(config.project.auth.email.enable_confirmations).toBe(true);
    expect(config.project.auth.jwt_expiry).toBe(600);
    expect(config.port).toBe(7000);
  });

  it('names the offending key of an invalid file', () => {
    const dir = projectWith('[auth]\njwt_expiry = "soon"\n');
    expect(() => loadConfig({ SUPABASE_DIR: dir })).toThrow(ConfigError);
    expect(() => loadConfig({ SUPABASE_DIR: dir })).toThrow(/auth\.jwt_expiry/);
  });

  it('refuses an env() reference to an unset variable', () => {
    const dir = projectWith('[auth]\njwt_secret = "env(NOT_SET_ANYWHERE)"\n');
    expect(() => loadConfig({ SUPABASE_DIR: dir })).toThrow(/NOT_SET_ANYWHERE/);
  });

  it('masks secrets when printed', () => {
    const dir = projectWith('[auth]\njwt_secret = "a-very-long-secret-value-of-at-least-32-chars"\n');
    const config = loadConfig({ SUPABASE_DIR: dir, DATABASE_URL: 'postgres://app:hunter2@db:5432/x' });
    const printed = JSON.stringify(describeConfig(config));
    expect(printed).not.toContain('a-very-long-secret');
    expect(printed).not.toContain('hunter2');
    expect(printed).toContain('postgres://app:********@db:5432/x');
  });
});
