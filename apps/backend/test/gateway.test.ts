// What the gateway in front of every service does: require a valid apikey, and let the web app's origin call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { createHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('apikey', () => {
  it.each(['/auth/v1/settings', '/rest/v1/organization'])('is required on %s', async (path) => {
    const response = await h.request(path, { apikey: null });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'No API key found in request' });
  });

  it('must be signed by a configured key', async () => {
    const forged = h.keys.anonKey.slice(0, -4) + 'AAAA';
    const response = await h.request('/auth/v1/settings', { apikey: forged });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'Invalid API key' });
  });

  it('is accepted as a header or as a query parameter', async () => {
    expect((await h.request('/auth/v1/settings')).status).toBe(200);
    const viaQuery = await h.request(`/auth/v1/settings?apikey=${h.keys.anonKey}`, { apikey: null });
    expect(viaQuery.status).toBe(200);
  });

  it('is not needed for the public key set and e-mailed links', async () => {
    const jwks = await h.request('/auth/v1/.well-known/jwks.json', { apikey: null });
    expect(jwks.status).toBe(200);
    expect((await jwks.json()).keys[0]).toMatchObject({ kty: 'EC', alg: 'ES256' });
    const verify = await h.request('/auth/v1/verify?token=x&type=signup', { apikey: null });
    expect(verify.status).toBeLessThan(400);
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    h.request('/rest/v1/organization', {
      method: 'OPTIONS',
      apikey: null,
      headers: {
        origin,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'apikey, authorization, content-type, prefer',
      },
    });

  it("allows the web app's origin, as 127.0.0.1 or localhost", async () => {
    for (const origin of ['http://127.0.0.1:3000', 'http://localhost:3000']) {
      const response = await preflight(origin);
      expect(response.status).toBeLessThan(300);
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
      expect(response.headers.get('access-control-allow-headers')).toMatch(/apikey/);
      expect(response.headers.get('access-control-allow-methods')).toMatch(/PATCH/);
    }
  });

  it('does not allow another origin', async () => {
    const response = await preflight('https://evil.example');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('unknown routes', () => {
  it('answer 404 in JSON', async () => {
    const response = await h.request('/nothing/here');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/json/);
  });
});

describe('routing', () => {
  it("keeps every route within the patterns of Hono's fastest router", () => {
    // One refused pattern puts every request, API reads included, on the slower router.
    const router = new RegExpRouter<number>();
    for (const route of h.app.routes) router.add(route.method, route.path, 0);
    expect(() => router.match('GET', '/rest/v1/projects')).not.toThrow();
  });

  it('answers paths no service serves as the gateway does, inside the mailbox too', async () => {
    for (const path of ['/nowhere', '/mailbox/1/extra']) {
      const response = await h.request(path, { apikey: null });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'no Route matched with those values' });
    }
  });
});
