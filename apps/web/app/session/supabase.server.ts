// The per-request Supabase client: reads the session from the request cookies, writes changes to the response headers.
import { createServerClient, parseCookieHeader, serializeCookieHeader } from '@supabase/ssr';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../types/supabase';
import { nodeRealtimeOptions } from '@teamplan/supabase-node';
import { getServerEnv } from './env.server';
import { createRetryingFetch } from '../lib/retrying-fetch';
import { SESSION_COOKIE_OPTIONS } from './session-cookie';

type BackendSettings = { SUPABASE_URL: string; SUPABASE_ANON_KEY: string };

const retryingFetch = createRetryingFetch();

/**
 * A new client for every request, never shared: it holds that visitor's session. Cookies it sets (sign-in, token
 * refresh, sign-out) and the no-store cache headers @supabase/ssr asks for are appended to `responseHeaders`. The
 * visitor's address goes to the backend as X-Forwarded-For, which it trusts from this server (a trusted proxy).
 */
export function createSupabaseServerClient(
  request: Request,
  responseHeaders: Headers,
  settings: BackendSettings = getServerEnv(),
  visitorAddress: string | null = null,
): SupabaseClient<Database> {
  return createServerClient<Database>(settings.SUPABASE_URL, settings.SUPABASE_ANON_KEY, {
    cookieOptions: SESSION_COOKIE_OPTIONS,
    cookies: {
      getAll: () => parseCookieHeader(request.headers.get('Cookie') ?? ''),
      setAll(cookies, cacheHeaders) {
        for (const { name, value, options } of cookies) {
          responseHeaders.append('Set-Cookie', serializeCookieHeader(name, value, options));
        }
        for (const [name, value] of Object.entries(cacheHeaders ?? {})) responseHeaders.set(name, value);
      },
    },
    // The backend limits sign-in attempts per visitor: it must see the visitor's address, not this server's.
    global: { fetch: retryingFetch, headers: visitorAddress ? { 'X-Forwarded-For': visitorAddress } : {} },
    // One retry policy for every request (retryingFetch); postgrest-js would otherwise add its own on top.
    db: { retry: false },
    realtime: nodeRealtimeOptions,
  });
}
