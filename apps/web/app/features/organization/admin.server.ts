// The one service-role client of the web app. It exists because only the auth admin API can e-mail an invitation
// (and withdraw an unused one), which no signed-in user's session may do. It bypasses row level security, so every
// caller must first have the database confirm, as the signed-in user, that they can manage users (by writing the
// invitation row under its policies) before it acts.
import { createNodeClient } from '@teamplan/supabase-node';
import { getServerEnv } from '../../session/env.server';
import type { Database, TypedSupabaseClient } from '../../types/supabase';

export const MISSING_SERVICE_ROLE_KEY_MESSAGE =
  'Invitations cannot be sent: the web server has no SUPABASE_SERVICE_ROLE_KEY. Ask the administrator of this installation to set it.';

let adminClient: TypedSupabaseClient | undefined;

/** The admin client, or null when the server was started without the service role key. */
export function getAdminClient(): TypedSupabaseClient | null {
  const env = getServerEnv();
  if (!env.SUPABASE_SERVICE_ROLE_KEY) return null;
  // It never signs in: the helper's default of no session to keep, refresh or read from a URL is what it needs.
  adminClient ??= createNodeClient<Database>(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY);
  return adminClient;
}
