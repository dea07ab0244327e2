// supabase-js clients bound to a test backend: real accounts signed in through the auth API, each request going
// through the same gateway, auth and data services a browser reaches.
import type { SupabaseClient } from '@supabase/supabase-js';
import { createNodeClient } from '@teamplan/supabase-node';
import type { Harness } from '../../apps/backend/test/harness.ts';

export const PASSWORD = 'correct-horse-42';
const API_URL = 'http://127.0.0.1:54321';

function fetchThrough(h: Harness): typeof fetch {
  return (input, init) => {
    const request = new Request(input, init);
    return Promise.resolve(h.app.fetch(request));
  };
}

export function anonClient(h: Harness): SupabaseClient {
  return createNodeClient(API_URL, h.keys.anonKey, {
    global: { fetch: fetchThrough(h) },
  });
}

export function serviceClient(h: Harness): SupabaseClient {
  return createNodeClient(API_URL, h.keys.serviceRoleKey, {
    global: { fetch: fetchThrough(h) },
  });
}

/** Signs up a new account and returns a client signed in as it, with its id. */
export async function signedUpClient(
  h: Harness,
  email: string,
  fullName = '',
): Promise<{ client: SupabaseClient; id: string }> {
  const client = anonClient(h);
  const { data, error } = await client.auth.signUp({
    email,
    password: PASSWORD,
    options: { data: { full_name: fullName } },
  });
  if (error || !data.user || !data.session)
    throw new Error(`sign-up of ${email} failed: ${error?.message ?? 'no session'}`);
  return { client, id: data.user.id };
}
