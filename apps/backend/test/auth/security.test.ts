// Hostile tokens and links: tampered, expired, alg "none", signed by a foreign key, for another audience, a spent
// refresh token replayed, and redirects outside the allow-list. Refused as GoTrue refuses them.
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../harness.ts';
import { call, decodeClaims, fragmentOf, latestMail, linkAndCode, openLink, signUpWithSession } from './helpers.ts';

let h: Harness;
let victim: Awaited<ReturnType<typeof signUpWithSession>>;
beforeAll(async () => {
  h = await createHarness({ configure: (config) => void (config.project.auth.email.max_frequency = '0s') });
  victim = await signUpWithSession(h);
});
afterAll(() => h.close());

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claimsOf = () => decodeClaims(victim.session.access_token);
const headerOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString());

async function expectBadJwt(token: string, message: RegExp) {
  const response = await call(h, 'GET', '/user', { token });
  expect(response.status).toBe(403);
  expect(response.body.code).toBe('bad_jwt');
  expect(response.body.message).toMatch(message);
  return response;
}

describe('access tokens the auth service refuses', () => {
  it('no bearer token: 401 no_authorization', async () => {
    const response = await call(h, 'GET', '/user');
    expect([response.status, response.body.code]).toEqual([401, 'no_authorization']);
  });

  it('a tampered payload (role raised to service_role) keeps the old signature: 403 bad_jwt', async () => {
    const [header, , signature] = victim.session.access_token.split('.');
    const tampered = `${header}.${b64({ ...claimsOf(), role: 'service_role' })}.${signature}`;
    await expectBadJwt(tampered, /signature is invalid/);
    const admin = await call(h, 'GET', '/admin/users', { token: tampered });
    expect(admin.status).toBe(403);
  });

  it('an expired token: 403 bad_jwt naming the expiry', async () => {
    const expired = await h.keys.sign({ ...claimsOf(), exp: undefined, iat: undefined }, -60);
    await expectBadJwt(expired, /token is expired/);
  });

  it('alg "none", with or without a signature: 403 bad_jwt', async () => {
    const payload = b64({ ...claimsOf(), role: 'service_role' });
    for (const token of [`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`, `${b64({ alg: 'none' })}.${payload}.x`]) {
      await expectBadJwt(token, /invalid JWT/);
      expect((await call(h, 'GET', '/admin/users', { token })).status).toBe(403);
    }
  });

  it('signed by a key of the right type that is not ours, even with our kid: 403 bad_jwt', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const kid = headerOf(victim.session.access_token).kid;
    const forged = await new SignJWT({ ...claimsOf(), role: 'service_role' })
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
      .sign(privateKey);
    await expectBadJwt(forged, /signature is invalid/);
    const otherKid = await new SignJWT(claimsOf())
      .setProtectedHeader({ alg: 'ES256', kid: (await exportJWK(privateKey)).x, typ: 'JWT' })
      .sign(privateKey);
    await expectBadJwt(otherKid, /no suitable key/);
    // An HS256 token made with the public key as its secret (the classic confusion attack).
    const jwk = h.keys.jwks.keys[0];
    const confused = await new SignJWT(claimsOf())
      .setProtectedHeader({ alg: 'HS256', kid: jwk.kid })
      .sign(new TextEncoder().encode(JSON.stringify(jwk)));
    await expectBadJwt(confused, /invalid JWT/);
  });

  it('a token for another audience: refused by GET /user with GoTrue’s 400', async () => {
    const foreign = await h.keys.sign({ ...claimsOf(), aud: 'other-project', exp: undefined, iat: undefined }, 600);
    const response = await call(h, 'GET', '/user', { token: foreign });
    expect([response.status, response.body.code, response.body.message]).toEqual([
      400,
      'validation_failed',
      "Token audience doesn't match request audience",
    ]);
  });

  it('a tampered or foreign apikey is refused at the gateway with 401', async () => {
    const [header, , signature] = h.keys.anonKey.split('.');
    const tampered = `${header}.${b64({ ...decodeClaims(h.keys.anonKey), role: 'service_role' })}.${signature}`;
    const response = await call(h, 'GET', '/settings', { apikey: tampered });
    expect(response.status).toBe(401);
  });
});

describe('refresh token replay', () => {
  it('a spent token replayed after the reuse interval ends the session for the thief and the owner', async () => {
    const { session } = await signUpWithSession(h);
    const rotated = await call(h, 'POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: session.refresh_token },
    });
    await h.db.query("update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1", [
      session.refresh_token,
    ]);
    const replay = await call(h, 'POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: session.refresh_token },
    });
    expect([replay.status, replay.body.code]).toEqual([400, 'refresh_token_already_used']);
    const owner = await call(h, 'POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: rotated.body.refresh_token },
    });
    expect(owner.status).toBe(400);
    expect((await call(h, 'GET', '/user', { token: rotated.body.access_token })).status).toBe(403);
  });
});

describe('redirect allow-list', () => {
  it('a /verify link with a foreign redirect_to lands on the site URL, never the foreign address', async () => {
    const { email } = victim;
    await call(h, 'POST', '/recover', { body: { email } });
    const { link } = linkAndCode(await latestMail(h, email));
    link.searchParams.set('redirect_to', 'https://evil.example/steal');
    const landed = await openLink(h, link);
    expect(landed.origin).toBe('http://127.0.0.1:3000');
    // The tokens still reach the user, but only at the site.
    expect(fragmentOf(landed).get('access_token')).toBeTruthy();
  });
});
