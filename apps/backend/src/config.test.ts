import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseHookUri } from './auth/hooks/uri.ts';
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
    expect(config.project.auth.password_hibp_enabled).toBe(false);
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

  it('reads the PostgreSQL pool size from [db.pooler] default_pool_size, and lists the resource limits', () => {
    const dir = projectWith('[db]\nport = 54322\n[db.pooler]\nenabled = false\ndefault_pool_size = 4\n');
    const config = loadConfig({ SUPABASE_DIR: dir, BACKEND_MAX_BODY_BYTES: '2048' });
    expect(config.project.db.pooler.default_pool_size).toBe(4);
    expect(config.ignoredKeys).toEqual(['db.port', 'db.pooler.enabled']);
    expect(loadConfig({ SUPABASE_DIR: dir, SUPABASE_DB_POOLER_DEFAULT_POOL_SIZE: '7' }).project.db.pooler).toEqual({
      default_pool_size: 7,
    });
    const printed = describeConfig(config) as { limits: unknown; project: { db: unknown } };
    expect(printed.limits).toEqual({ maxBodyBytes: 2048, statementTimeoutMs: 30_000, requestTimeoutMs: 300_000 });
    expect(printed.project.db).toEqual({ pooler: { default_pool_size: 4 }, settings: {} });
  });

  it('reads the embedded database memory settings from [db.settings], and refuses amounts Postgres would not read', () => {
    const dir = projectWith('[db.settings]\nshared_buffers = "64MB"\nwork_mem = "8MB"\nmax_connections = 50\n');
    const config = loadConfig({ SUPABASE_DIR: dir });
    expect(config.project.db.settings).toEqual({ shared_buffers: '64MB', work_mem: '8MB' });
    expect(config.ignoredKeys).toEqual(['db.settings.max_connections']);
    for (const amount of ['"64mb"', '"lots"', '"0MB"', '64']) {
      expect(() => loadConfig({ SUPABASE_DIR: projectWith(`[db.settings]\nshared_buffers = ${amount}\n`) })).toThrow(
        /db\.settings\.shared_buffers/,
      );
    }
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

  it('asks for the WebAuthn relying party when passkeys are on, as the Supabase CLI does', () => {
    const dir = projectWith(
      '[auth.passkey]\nenabled = true\n[auth.webauthn]\nrp_origins = ["http://localhost:3000"]\n',
    );
    expect(() => loadConfig({ SUPABASE_DIR: dir })).toThrow(
      /auth\.webauthn\.rp_id: required when auth\.passkey\.enabled/,
    );
    const complete = projectWith(
      '[auth.passkey]\nenabled = true\n[auth.webauthn]\nrp_id = "localhost"\nrp_origins = ["http://localhost:3000"]\n' +
        '[auth.mfa]\nmax_enrolled_factors = 3\n[auth.mfa.phone]\nenroll_enabled = true\n',
    );
    const { auth } = loadConfig({ SUPABASE_DIR: complete }).project;
    expect([auth.passkey.enabled, auth.mfa.max_enrolled_factors, auth.mfa.phone.enroll_enabled]).toEqual([
      true,
      3,
      true,
    ]);
    expect([auth.mfa.totp.enroll_enabled, auth.mfa.phone.max_frequency]).toEqual([true, '5s']);
    expect(auth.oauth_server).toEqual({
      enabled: false,
      allow_dynamic_registration: false,
      authorization_url_path: '/oauth/consent',
    });
  });

  it('keeps an env() reference to an unset variable as written, as the Supabase CLI does', () => {
    const dir = projectWith(
      '[studio]\nopenai_api_key = "env(NOT_SET_ANYWHERE)"\n' +
        '[auth.external.google]\nenabled = false\nsecret = "env(NOT_SET_EITHER)"\n',
    );
    const config = loadConfig({ SUPABASE_DIR: dir, NOT_SET_EITHER: '' });
    expect(config.project.auth.external.google.secret).toBe('env(NOT_SET_EITHER)');
    expect(config.ignoredKeys).toContain('studio.openai_api_key');
  });

  it('refuses an unset env() reference where the backend would use the value, naming the key', () => {
    const secret = projectWith('[auth]\njwt_secret = "env(NOT_SET_ANYWHERE)"\n');
    expect(() => loadConfig({ SUPABASE_DIR: secret })).toThrow(
      /auth\.jwt_secret: refers to env\(NOT_SET_ANYWHERE\), which is not set/,
    );
    const smtp = projectWith('[auth.email.smtp]\nhost = "smtp.example.com"\npass = "env(SMTP_PASS_UNSET)"\n');
    expect(() => loadConfig({ SUPABASE_DIR: smtp })).toThrow(
      /auth\.email\.smtp\.pass: refers to env\(SMTP_PASS_UNSET\), which is not set/,
    );
    const provider = projectWith('[auth.external.google]\nenabled = true\nclient_id = "id"\nsecret = "env(G_UNSET)"\n');
    expect(() => loadConfig({ SUPABASE_DIR: provider })).toThrow(
      /auth\.external\.google\.secret: refers to env\(G_UNSET\)/,
    );
    expect(loadConfig({ SUPABASE_DIR: provider, G_UNSET: 'set' }).project.auth.external.google.secret).toBe('set');
  });

  it('lists every key it does not implement as ignored, in --print-config too', () => {
    const dir = projectWith(
      '[auth]\nsite_url = "http://example.test"\n[auth.sessions]\ntimebox = "24h"\n' +
        '[auth.sms.twilio]\nenabled = false\naccount_sid = ""\n[db.pooler]\nport = 1\n',
    );
    const config = loadConfig({ SUPABASE_DIR: dir });
    expect(config.ignoredKeys).toEqual([
      'auth.sessions.timebox',
      'auth.sms.twilio.enabled',
      'auth.sms.twilio.account_sid',
      'db.pooler.port',
    ]);
    expect(describeConfig(config)).toMatchObject({ ignoredKeys: config.ignoredKeys });
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

describe('[auth.hook.before_user_created]', () => {
  const hook = (lines: string) => projectWith(`[auth.hook.before_user_created]\n${lines}\n`);
  const problemOf = (dir: string, env: Record<string, string> = {}) => {
    try {
      loadConfig({ SUPABASE_DIR: dir, ...env });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('the configuration was accepted');
  };

  it('is off by default and reads an enabled pg-functions hook, also from SUPABASE_AUTH_HOOK_* variables', () => {
    expect(loadConfig({ SUPABASE_DIR: projectWith('') }).project.auth.hook.before_user_created.enabled).toBe(false);
    const uri = 'pg-functions://postgres/public/hook_before_user_created';
    const fromFile = loadConfig({ SUPABASE_DIR: hook(`enabled = true\nuri = "${uri}"`) });
    expect(fromFile.project.auth.hook.before_user_created).toMatchObject({ enabled: true, uri });
    const fromEnv = loadConfig({
      SUPABASE_DIR: projectWith(''),
      SUPABASE_AUTH_HOOK_BEFORE_USER_CREATED_ENABLED: 'true',
      SUPABASE_AUTH_HOOK_BEFORE_USER_CREATED_URI: uri,
    });
    expect(fromEnv.project.auth.hook.before_user_created).toMatchObject({ enabled: true, uri });
  });

  it('names the schema and function of a pg-functions URI, keeping their case', () => {
    expect(parseHookUri('pg-functions://postgres/public/Hook_1')).toEqual({ schema: 'public', name: 'Hook_1' });
    expect(parseHookUri('pg-functions:///auth_hooks/check')).toEqual({ schema: 'auth_hooks', name: 'check' });
  });

  it('refuses an enabled hook it cannot run, saying why', () => {
    const enabled = (uri: string) => hook(`enabled = true\nuri = "${uri}"`);
    expect(problemOf(hook('enabled = true'))).toMatch(/auth\.hook\.before_user_created\.uri: required when/);
    expect(problemOf(enabled('https://example.com/hook'))).toMatch(
      /before_user_created\.uri: the embedded backend runs only Postgres function hooks .*HTTP hooks need hosted/,
    );
    expect(problemOf(enabled('ftp://example.com/x'))).toMatch(/uri: should be a pg-functions URI/);
    expect(problemOf(enabled('pg-functions://postgres/public'))).toMatch(/URI path does not contain enough parts/);
    expect(problemOf(enabled('pg-functions://postgres/public/drop table'))).toMatch(/invalid function name/);
    expect(problemOf(enabled('pg-functions://postgres/my-schema/f'))).toMatch(/invalid schema name: my-schema/);
    const withSecret = hook('enabled = true\nuri = "pg-functions://postgres/public/f"\nsecrets = "v1,whsec_abc"');
    expect(problemOf(withSecret)).toMatch(/before_user_created\.secrets: is unsupported for pg-functions URI/);
    expect(problemOf(projectWith(''), { SUPABASE_AUTH_HOOK_BEFORE_USER_CREATED_ENABLED: 'true' })).toMatch(
      /before_user_created\.uri: required when/,
    );
  });

  it('accepts a disabled hook however incomplete, and refuses enabling a hook the embedded backend does not run', () => {
    const disabled = hook('enabled = false\nuri = "https://example.com/x"\nsecrets = "v1,whsec_do-not-print"');
    expect(JSON.stringify(describeConfig(loadConfig({ SUPABASE_DIR: disabled })))).not.toContain('do-not-print');
    const other = projectWith('[auth.hook.send_email]\nenabled = true\nuri = "pg-functions://postgres/public/f"\n');
    expect(problemOf(other)).toMatch(
      /auth\.hook\.send_email: the embedded backend runs only the before_user_created and custom_access_token hooks/,
    );
    const customAccessToken = projectWith(
      '[auth.hook.custom_access_token]\nenabled = true\nuri = "pg-functions://postgres/public/f"\n',
    );
    expect(loadConfig({ SUPABASE_DIR: customAccessToken }).project.auth.hook.custom_access_token).toMatchObject({
      enabled: true,
      uri: 'pg-functions://postgres/public/f',
    });
  });
});
