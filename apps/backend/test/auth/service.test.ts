// The service around the endpoints: settings, health, the public key set, the apikey gateway, redirect rules.
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globToRegExp, isRedirectAllowed } from '../../src/auth/redirect.ts';
import { requestedApiVersion } from '../../src/auth/respond.ts';
import { authSettings } from '../../src/auth/settings.ts';
import { loadConfig } from '../../src/config.ts';
import { createHarness, REPO_SUPABASE_DIR, type Harness } from '../harness.ts';
import { call, signUpWithSession } from './helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('service endpoints', () => {
  it('GET /settings describes the configuration in GoTrue shape', async () => {
    const { status, body } = await call(h, 'GET', '/settings');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      external: { email: true, phone: true, github: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: true,
      sms_provider: '',
      saml_enabled: false,
    });
  });

  it('GET /health names the service', async () => {
    const { body } = await call(h, 'GET', '/health');
    expect(body).toMatchObject({ name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' });
  });

  it('publishes the key set without an apikey, and it verifies access tokens', async () => {
    const { session } = await signUpWithSession(h);
    const response = await h.request('/auth/v1/.well-known/jwks.json', { apikey: null });
    expect(response.status).toBe(200);
    const jwks = await response.json();
    const { payload } = await jwtVerify(session.access_token, createLocalJWKSet(jwks));
    expect(payload.sub).toBe(session.user.id);
  });

  it('serves the other endpoints without an apikey too, as behind the Supabase CLI gateway, but not with a bad one', async () => {
    const response = await h.request('/auth/v1/settings', { apikey: null });
    expect(response.status).toBe(200);
    // Reaches the handler, which refuses the empty body itself.
    const signup = await call(h, 'POST', '/signup', { apikey: null, body: {} });
    expect(signup.status).toBe(422);
    const forged = await call(h, 'POST', '/signup', { apikey: `${h.keys.anonKey.slice(0, -4)}AAAA`, body: {} });
    expect(forged.status).toBe(401);
  });

  it('answers a /verify link without type or token with a JSON error, not a redirect', async () => {
    const response = await h.request('/auth/v1/verify?token=abc', { apikey: null, redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 400,
      error_code: 'validation_failed',
      msg: 'Verify requires a verification type',
    });
  });
});

describe('API versions', () => {
  it('uses the 2024-01-01 shapes for that date and later, the initial ones before or when absent', () => {
    expect(requestedApiVersion('2024-01-01')).toBe('2024-01-01');
    expect(requestedApiVersion('2025-06-30')).toBe('2024-01-01');
    expect(requestedApiVersion('2023-12-31')).toBeUndefined();
    expect(requestedApiVersion(undefined)).toBeUndefined();
    expect(requestedApiVersion('tomorrow')).toBeUndefined();
  });
});

describe('redirect allow list', () => {
  const settings = {
    ...authSettings(loadConfig({ SUPABASE_DIR: REPO_SUPABASE_DIR, DATA_DIR: '/nonexistent' })),
    siteUrl: 'http://127.0.0.1:3000',
    redirectAllowList: ['http://localhost:3000', 'http://127.0.0.1:3000/**', 'https://*.example.com/app/*'],
  };

  it('matches globs as GoTrue does: * stops at dots and slashes, ** does not', () => {
    expect(globToRegExp('https://*.example.com/app/*').test('https://team.example.com/app/home')).toBe(true);
    expect(globToRegExp('https://*.example.com/app/*').test('https://a.b.example.com/app/home')).toBe(false);
    expect(globToRegExp('https://*.example.com/app/*').test('https://team.example.com/app/a/b')).toBe(false);
    expect(globToRegExp('http://127.0.0.1:3000/**').test('http://127.0.0.1:3000/confirm?next=/a/b')).toBe(true);
    expect(globToRegExp('http://{a,b}.io/?').test('http://b.io/x')).toBe(true);
  });

  it('allows the site (any port on a loopback host) and listed patterns, nothing else', () => {
    expect(isRedirectAllowed(settings, 'http://127.0.0.1:3000/confirm')).toBe(true);
    expect(isRedirectAllowed(settings, 'http://127.0.0.1:5173/confirm')).toBe(true);
    expect(isRedirectAllowed(settings, 'http://localhost:3000')).toBe(true);
    expect(isRedirectAllowed(settings, 'https://team.example.com/app/x')).toBe(true);
    expect(isRedirectAllowed(settings, 'https://evil.example.org/app/x')).toBe(false);
    expect(isRedirectAllowed(settings, 'http://localhost:3000.evil.org/')).toBe(false);
    expect(isRedirectAllowed(settings, ' http://127.0.0.1:3000/')).toBe(false);
    expect(isRedirectAllowed(settings, undefined)).toBe(false);
  });
});
