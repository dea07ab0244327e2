// The `verify_jwt` check before a function runs: any token signed by a key of the project passes (with or without a
// role or an expiry), as do the project's API keys; anything else is refused by the relay, which supabase-js reports
// as a FunctionsRelayError. A function with verify_jwt = false takes every caller.
import { FunctionsRelayError } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProjectConfig } from '../../src/config.ts';
import { FIXTURES, startFunctionsBackend, type FunctionsBackend } from './backend.ts';

let fb: FunctionsBackend;
beforeAll(async () => {
  fb = await startFunctionsBackend();
});
afterAll(() => fb.stop());

const legacySecret = new TextEncoder().encode(readProjectConfig(FIXTURES).auth.jwt_secret);
const hs256 = (claims: Record<string, unknown>, secret = legacySecret) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);

async function relayRefusal(promise: Promise<{ error: unknown }>) {
  const { error } = await promise;
  expect(error).toBeInstanceOf(FunctionsRelayError);
  const response = (error as FunctionsRelayError).context as Response;
  return { status: response.status, code: response.headers.get('sb-error-code'), body: await response.json() };
}

const call = (headers: Record<string, string>) =>
  fetch(`${fb.url}/functions/v1/echo`, { headers }).then(async (response) => ({
    status: response.status,
    relay: response.headers.get('x-relay-error'),
    body: await response.json(),
  }));

describe('verify_jwt', () => {
  it('lets a user token and the legacy keys through', async () => {
    const { keys } = fb.backend.deps;
    const user = await keys.sign({ sub: '9b8e3c52-1d1c-4c58-9d0e-6f1f4f3a2b10', role: 'authenticated' }, 60);
    for (const client of [fb.anon, fb.withKey(keys.serviceRoleKey), fb.withKey(keys.anonKey)]) {
      const { error } = await client.functions.invoke('echo');
      expect(error).toBeNull();
    }
    const { data } = await fb.anon.functions.invoke('echo', { headers: { Authorization: `Bearer ${user}` } });
    expect((data as { headers: Record<string, string> }).headers.authorization).toBe(`Bearer ${user}`);
  });

  it('accepts a token signed with the legacy secret that has no role and no expiry', async () => {
    expect(await call({ authorization: `Bearer ${await hs256({ sub: 'someone' })}` })).toMatchObject({ status: 200 });
  });

  it('needs no apikey header', async () => {
    expect(await call({ authorization: `Bearer ${fb.backend.deps.keys.anonKey}` })).toMatchObject({ status: 200 });
  });

  it('refuses a call without credentials', async () => {
    expect(await call({})).toEqual({
      status: 401,
      relay: 'true',
      body: { code: 401, message: 'Missing authorization header' },
    });
  });

  it('refuses an expired token', async () => {
    const expired = await hs256({ role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 10 });
    const refusal = await relayRefusal(
      fb.anon.functions.invoke('echo', { headers: { Authorization: `Bearer ${expired}` } }),
    );
    expect(refusal).toEqual({
      status: 401,
      code: 'UNAUTHORIZED_LEGACY_JWT',
      body: { code: 401, message: 'Invalid JWT' },
    });
  });

  it('refuses a token signed by another key', async () => {
    const forged = await hs256({ role: 'service_role' }, new TextEncoder().encode('x'.repeat(40)));
    const refusal = await relayRefusal(fb.withKey(forged).functions.invoke('echo'));
    expect(refusal).toMatchObject({ status: 401, body: { code: 401, message: 'Invalid JWT' } });
  });

  it('refuses a key that is not a key of the project', async () => {
    const refusal = await relayRefusal(fb.withKey('not-a-key').functions.invoke('echo'));
    expect(refusal).toEqual({
      status: 401,
      code: 'UNAUTHORIZED_INVALID_JWT_FORMAT',
      body: { code: 401, message: 'Invalid JWT' },
    });
    // An opaque key that is not one of the project's: sent in apikey only, as supabase-js does.
    const opaque = await relayRefusal(fb.withKey('sb_publishable_notOneOfTheProjectKeys_abc').functions.invoke('echo'));
    expect(opaque.status).toBe(401);
  });

  it('checks the bearer, not the apikey header, which the platform does not need', async () => {
    const bearer = `Bearer ${fb.backend.deps.keys.anonKey}`;
    expect(await call({ authorization: bearer, apikey: 'not-a-key' })).toMatchObject({ status: 200 });
  });

  it('refuses an Authorization header that is not a bearer token', async () => {
    expect(await call({ authorization: 'Basic dXNlcjpwYXNz' })).toMatchObject({ status: 401, relay: 'true' });
  });

  it("accepts the project's publishable and secret keys", async () => {
    const { keys } = fb.backend.deps;
    for (const key of [keys.publishableKey, keys.secretKey]) {
      const { error } = await fb.withKey(key).functions.invoke('echo');
      expect(error).toBeNull();
      expect(await call({ authorization: `Bearer ${key}` })).toMatchObject({ status: 200 });
    }
  });
});

describe('verify_jwt = false', () => {
  it('runs the function for a caller without credentials', async () => {
    const response = await fetch(`${fb.url}/functions/v1/public`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ authorization: null });
  });

  it('passes a bad token on to the function, which decides', async () => {
    const response = await fetch(`${fb.url}/functions/v1/public`, { headers: { authorization: 'Bearer nonsense' } });
    expect(await response.json()).toMatchObject({ authorization: 'Bearer nonsense' });
  });
});
