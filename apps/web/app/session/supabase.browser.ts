// The browser's Supabase client: one per page, session kept in the cookie the server also reads.
import { createBrowserClient } from '@supabase/ssr';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../types/supabase';
import { getBrowserEnv } from './public-env';
import { createRetryingFetch } from '../lib/retrying-fetch';
import { SESSION_COOKIE_OPTIONS } from './session-cookie';

let browserClient: SupabaseClient<Database> | undefined;

export function getBrowserSupabase(): SupabaseClient<Database> {
  if (!browserClient) {
    const env = getBrowserEnv();
    browserClient = createBrowserClient<Database>(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
      cookieOptions: SESSION_COOKIE_OPTIONS,
      auth: {
        autoRefreshToken: true,
        persistSession: true,
        // /confirm completes e-mailed links itself; detecting them on every page would spend a one-time code twice.
        detectSessionInUrl: false,
      },
      global: { fetch: createRetryingFetch() },
      // One retry policy for every request (createRetryingFetch); postgrest-js would otherwise add its own.
      db: { retry: false },
    });
  }
  return browserClient;
}
