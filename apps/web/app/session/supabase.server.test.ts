import { describe, expect, it, vi } from 'vitest';
import { createSupabaseServerClient } from './supabase.server';

const backend = { SUPABASE_URL: 'http://backend.test:54321', SUPABASE_ANON_KEY: 'anon-key' };

function sessionResponse(accessTokenLength = 40) {
  const body = {
    access_token: 'a'.repeat(accessTokenLength),
    refresh_token: 'refresh',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    user: { id: 'user-1', aud: 'authenticated', email: 'ada@example.com', app_metadata: {}, user_metadata: {} },
  };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

async function signInAndCollectCookies(accessTokenLength?: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => sessionResponse(accessTokenLength)),
  );
  const headers = new Headers();
  const supabase = createSupabaseServerClient(new Request('http://app.test/login'), headers, backend);
  const { error } = await supabase.auth.signInWithPassword({ email: 'ada@example.com', password: 'secret123' });
  vi.unstubAllGlobals();
  expect(error).toBeNull();
  return { headers, cookies: headers.getSetCookie() };
}

describe('createSupabaseServerClient', () => {
  it('writes the session cookie named from the backend host with the contract attributes', async () => {
    const { cookies } = await signInAndCollectCookies();
    expect(cookies).toHaveLength(1);
    const [cookie] = cookies;
    expect(cookie).toMatch(/^sb-backend-auth-token=base64-/);
    expect(cookie).toContain('Max-Age=34560000');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it('splits a long session into chunks of at most 3180 characters', async () => {
    const { cookies } = await signInAndCollectCookies(6000);
    const names = cookies.map((cookie) => cookie.split('=')[0]);
    expect(names).toEqual(expect.arrayContaining(['sb-backend-auth-token.0', 'sb-backend-auth-token.1']));
    for (const cookie of cookies) {
      const value = cookie.slice(cookie.indexOf('=') + 1, cookie.indexOf(';'));
      expect(value.length).toBeLessThanOrEqual(3180);
    }
  });

  it('asks caches not to store a response that sets the session', async () => {
    const { headers } = await signInAndCollectCookies();
    expect(headers.get('cache-control')).toMatch(/no-store/);
  });

  it('reads the session from the request cookies', async () => {
    const { cookies } = await signInAndCollectCookies();
    const cookieHeader = cookies.map((cookie) => cookie.split(';')[0]).join('; ');
    const supabase = createSupabaseServerClient(
      new Request('http://app.test/', { headers: { cookie: cookieHeader } }),
      new Headers(),
      backend,
    );
    const { data } = await supabase.auth.getSession();
    expect(data.session?.user.id).toBe('user-1');
  });

  it("tells the backend the visitor's address, so its limits apply per visitor", async () => {
    const requests: Request[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        requests.push(new Request(input, init));
        return sessionResponse();
      }),
    );
    const supabase = createSupabaseServerClient(
      new Request('http://app.test/login'),
      new Headers(),
      backend,
      '203.0.113.7',
    );
    await supabase.auth.signInWithPassword({ email: 'ada@example.com', password: 'secret123' });
    await supabase.from('projects').select('id');
    vi.unstubAllGlobals();
    expect(requests.map((request) => request.headers.get('x-forwarded-for'))).toEqual(['203.0.113.7', '203.0.113.7']);
  });
});
