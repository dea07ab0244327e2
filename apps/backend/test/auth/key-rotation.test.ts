// Signing key rotation: with a new key first in the key file, new tokens are signed with it while tokens signed by
// the old key keep working (both are published in the key set); once the old key is removed its tokens are refused.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes, openAuthRoutes } from '../../src/auth/routes.ts';
import type { AppEnv } from '../../src/http/env.ts';
import { loadKeys, type Keys } from '../../src/keys.ts';
import { createHarness, type Harness } from '../harness.ts';
import { call, signUpWithSession } from './helpers.ts';

let h: Harness;
let dataDir: string;
beforeAll(async () => {
  h = await createHarness();
  dataDir = mkdtempSync(path.join(tmpdir(), 'teamplan-rotation-'));
});
afterAll(async () => {
  await h.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The auth service of `h` (same database) with the keys of this test's key file. */
function serviceWith(keys: Keys): Harness {
  const deps = { ...h, keys };
  const app = new Hono<AppEnv>();
  app.route('/auth/v1', openAuthRoutes(deps));
  app.route('/auth/v1', authRoutes(deps));
  return {
    ...h,
    keys,
    app,
    request(pathname, init = {}) {
      const { apikey, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (apikey !== null && !headers.has('apikey')) headers.set('apikey', apikey ?? keys.anonKey);
      return Promise.resolve(app.request(`http://127.0.0.1${pathname}`, { ...rest, headers }));
    },
  };
}

const keyFile = () => path.join(dataDir, 'signing_keys.json');
const loadFromFile = () => loadKeys({ dataDir, supabaseDir: h.config.supabaseDir, project: h.config.project });

async function newJwk() {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: crypto.randomUUID(), alg: 'ES256', use: 'sig' };
}

describe('signing key rotation', () => {
  it('signs with the new key, verifies with both until the old one is removed', async () => {
    const before = await loadFromFile();
    const [oldKey] = JSON.parse(readFileSync(keyFile(), 'utf8'));
    const original = serviceWith(before);
    const { session } = await signUpWithSession(original);
    const oldToken = session.access_token;

    const next = await newJwk();
    writeFileSync(keyFile(), JSON.stringify([next, oldKey]));
    const rotated = serviceWith(await loadFromFile());
    const jwks = await call(rotated, 'GET', '/.well-known/jwks.json', { apikey: null });
    expect(jwks.body.keys.map((k: { kid: string }) => k.kid)).toEqual([next.kid, oldKey.kid]);
    expect(jwks.body.keys.every((k: { d?: string }) => k.d === undefined)).toBe(true);
    expect((await call(rotated, 'GET', '/user', { token: oldToken, apikey: rotated.keys.anonKey })).status).toBe(200);
    const refreshed = await call(rotated, 'POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: session.refresh_token },
      apikey: rotated.keys.anonKey,
    });
    const header = JSON.parse(Buffer.from(refreshed.body.access_token.split('.')[0], 'base64url').toString());
    expect(header.kid).toBe(next.kid);

    writeFileSync(keyFile(), JSON.stringify([next]));
    const retired = serviceWith(await loadFromFile());
    const refused = await call(retired, 'GET', '/user', { token: oldToken, apikey: retired.keys.anonKey });
    expect([refused.status, refused.body.code]).toEqual([403, 'bad_jwt']);
    const current = await call(retired, 'GET', '/user', {
      token: refreshed.body.access_token,
      apikey: retired.keys.anonKey,
    });
    expect(current.status).toBe(200);
  });
});
