// What the gateway in front of every service does: serve a request without a key as anon, refuse a key or token
// that is not valid, swap an opaque key for the JWT of its role, and let the web app's origin call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { createHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await h.db.exec(`
    create table public.gateway_notes (id int primary key);
    grant select on public.gateway_notes to anon;
    create function public.gateway_whoami() returns json language sql stable as $$
      select json_build_object('role', current_user, 'claims', current_setting('request.jwt.claims', true)::json)
    $$;
    notify pgrst, 'reload schema';
  `);
});
afterAll(() => h.close());

describe('apikey', () => {
  it.each(['/auth/v1/settings', '/rest/v1/gateway_notes'])('may be left out: %s is served as anon', async (path) => {
    const response = await h.request(path, { apikey: null });
    expect(response.status).toBe(200);
  });

  it('must be signed by a configured key', async () => {
    const forged = h.keys.anonKey.slice(0, -4) + 'AAAA';
    const response = await h.request('/auth/v1/settings', { apikey: forged });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'Invalid API key' });
  });

  it('refuses an expired key and an opaque key that is not this project’s, under every service prefix', async () => {
    const expired = await h.keys.sign({ role: 'anon' }, -10);
    const foreign = h.keys.publishableKey.slice(0, -4) + 'AAAA';
    for (const path of ['/rest/v1/gateway_notes', '/auth/v1/settings', '/storage/v1/bucket']) {
      for (const apikey of [expired, foreign, 'sb_secret_nonsense']) {
        const response = await h.request(path, { apikey });
        expect([path, response.status]).toEqual([path, 401]);
        expect(await response.json()).toMatchObject({ message: 'Invalid API key' });
      }
    }
  });

  it('lets a request without a key through, for the service to judge', async () => {
    const rest = await h.request('/rest/v1/', { apikey: null });
    expect(rest.status).toBe(200);
    // Storage itself refuses a request that names no one, by its own rules rather than the gateway's.
    const storage = await h.request('/storage/v1/bucket', { apikey: null });
    expect(await storage.json()).toMatchObject({ statusCode: '400', error: 'InvalidJWT' });
  });

  it('is accepted as a header or as a query parameter', async () => {
    expect((await h.request('/auth/v1/settings')).status).toBe(200);
    const viaQuery = await h.request(`/auth/v1/settings?apikey=${h.keys.anonKey}`, { apikey: null });
    expect(viaQuery.status).toBe(200);
    const opaqueViaQuery = await h.request(`/auth/v1/settings?apikey=${h.keys.publishableKey}`, { apikey: null });
    expect(opaqueViaQuery.status).toBe(200);
  });

  it('is not needed for the public key set and e-mailed links', async () => {
    const jwks = await h.request('/auth/v1/.well-known/jwks.json', { apikey: null });
    expect(jwks.status).toBe(200);
    expect((await jwks.json()).keys[0]).toMatchObject({ kty: 'EC', alg: 'ES256' });
    const verify = await h.request('/auth/v1/verify?token=x&type=signup', { apikey: null });
    expect(verify.status).toBeLessThan(400);
  });

  it('still refuses a bad bearer token sent without a key', async () => {
    const response = await h.request('/rest/v1/gateway_notes', {
      apikey: null,
      headers: { authorization: `Bearer ${h.keys.anonKey.slice(0, -4)}AAAA` },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'PGRST301' });
  });
});

describe('the role each key stands for, as the services see it', () => {
  const whoami = async (init: { apikey?: string | null; headers?: Record<string, string> }) => {
    const response = await h.request('/rest/v1/rpc/gateway_whoami', init);
    expect(response.status).toBe(200);
    return (await response.json()) as { role: string; claims: Record<string, unknown> | null };
  };
  const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString());

  it('runs a request without a key as anon with no claims, as PostgREST runs one without a JWT', async () => {
    const answer = await whoami({ apikey: null });
    expect(answer.role).toBe('anon');
    expect(answer.claims?.role).toBeUndefined();
  });

  it('gives the publishable key the claims of the anon key, and the secret key those of service_role', async () => {
    const anon = await whoami({ apikey: h.keys.anonKey });
    const publishable = await whoami({ apikey: h.keys.publishableKey });
    expect(publishable).toEqual(anon);
    expect(publishable).toEqual({ role: 'anon', claims: claimsOf(h.keys.anonKey) });

    // supabase-js sends the opaque key as the bearer too.
    const secret = await whoami({
      apikey: h.keys.secretKey,
      headers: { authorization: `Bearer ${h.keys.secretKey}` },
    });
    expect(secret).toEqual({ role: 'service_role', claims: claimsOf(h.keys.serviceRoleKey) });
    expect(await whoami({ apikey: h.keys.secretKey })).toEqual(secret);
  });

  it("keeps a user's token as the bearer beside an opaque key", async () => {
    const token = await h.keys.sign({ sub: '00000000-0000-0000-0000-000000000001', role: 'authenticated' }, 60);
    const answer = await whoami({ apikey: h.keys.publishableKey, headers: { authorization: `Bearer ${token}` } });
    expect(answer.role).toBe('authenticated');
  });

  it('lets the secret key call the admin API, and not the publishable key', async () => {
    const asSecret = await h.request('/auth/v1/admin/users', {
      apikey: h.keys.secretKey,
      headers: { authorization: `Bearer ${h.keys.secretKey}` },
    });
    expect(asSecret.status).toBe(200);
    const asPublishable = await h.request('/auth/v1/admin/users', {
      apikey: h.keys.publishableKey,
      headers: { authorization: `Bearer ${h.keys.publishableKey}` },
    });
    expect(asPublishable.status).toBe(403);
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

  it("allows whatever headers a preflight from the web app asks for, as Supabase's gateway does", async () => {
    const response = await h.request('/functions/v1/hello', {
      method: 'OPTIONS',
      apikey: null,
      headers: {
        origin: 'http://127.0.0.1:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, x-region, x-custom-header',
      },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization,x-region,x-custom-header');
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
