import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { authSettings } from './auth/settings.ts';
import { ConfigError, describeConfig, loadConfig } from './config.ts';

function projectWith(toml: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'teamplan-config-'));
  writeFileSync(path.join(dir, 'config.toml'), toml);
  return dir;
}

const problemOf = (dir: string, env: Record<string, string> = {}) => {
  try {
    loadConfig({ SUPABASE_DIR: dir, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('[auth.external.<provider>] and [auth.web3.<chain>]', () => {
  it('are off by default', () => {
    const config = loadConfig({ SUPABASE_DIR: projectWith('') });
    expect(config.project.auth.external).toEqual({});
    expect(config.project.auth.web3).toEqual({ ethereum: { enabled: false }, solana: { enabled: false } });
    expect(authSettings(config).web3Chains).toEqual({ ethereum: false, solana: false });
  });

  it('read the Supabase CLI keys, client_id as a comma-separated list of audiences', () => {
    const dir = projectWith(
      '[auth.external.google]\nenabled = true\nclient_id = "web.apps.example, ios.apps.example"\n' +
        'skip_nonce_check = true\nredirect_uri = "https://app.example/auth/v1/callback"\n' +
        '[auth.web3.solana]\nenabled = true\n',
    );
    const config = loadConfig({ SUPABASE_DIR: dir });
    expect(authSettings(config).externalProviders.google).toEqual({
      enabled: true,
      clientIds: ['web.apps.example', 'ios.apps.example'],
      url: '',
      skipNonceCheck: true,
      emailOptional: false,
      secret: '',
      redirectUri: 'https://app.example/auth/v1/callback',
    });
    expect(authSettings(config).web3Chains).toEqual({ ethereum: false, solana: true });
  });

  it('take SUPABASE_AUTH_EXTERNAL_* and SUPABASE_AUTH_WEB3_* variables, and mask the secrets when printed', () => {
    const config = loadConfig({
      SUPABASE_DIR: projectWith(''),
      SUPABASE_AUTH_EXTERNAL_KEYCLOAK_ENABLED: 'true',
      SUPABASE_AUTH_EXTERNAL_KEYCLOAK_CLIENT_ID: 'teamplan',
      SUPABASE_AUTH_EXTERNAL_KEYCLOAK_SECRET: 'keycloak-client-secret',
      SUPABASE_AUTH_EXTERNAL_KEYCLOAK_URL: 'https://sso.example.com/realms/team',
      SUPABASE_AUTH_WEB3_ETHEREUM_ENABLED: 'true',
    });
    expect(config.project.auth.external.keycloak).toMatchObject({
      enabled: true,
      url: 'https://sso.example.com/realms/team',
    });
    expect(config.project.auth.web3.ethereum.enabled).toBe(true);
    expect(JSON.stringify(describeConfig(config))).not.toContain('keycloak-client-secret');
  });

  it('refuse an enabled provider that is incomplete or that signs in only through OAuth redirects', () => {
    expect(problemOf(projectWith('[auth.external.keycloak]\nenabled = true\n'))).toMatch(
      /auth\.external\.keycloak\.client_id: required[\s\S]*keycloak\.secret: required[\s\S]*keycloak\.url: required/,
    );
    // Google's and Apple's ID tokens need no client secret, as in the Supabase CLI.
    expect(() =>
      loadConfig({ SUPABASE_DIR: projectWith('[auth.external.apple]\nenabled = true\nclient_id = "a"\n') }),
    ).not.toThrow();
    expect(problemOf(projectWith('[auth.external.github]\nenabled = true\nclient_id = "a"\nsecret = "b"\n'))).toMatch(
      /auth\.external\.github\.enabled: the embedded backend signs in with OpenID Connect providers only/,
    );
    // A disabled provider is not checked, however incomplete.
    expect(() => loadConfig({ SUPABASE_DIR: projectWith('[auth.external.github]\nenabled = false\n') })).not.toThrow();
  });
});
