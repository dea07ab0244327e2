// Invitations to the organization: send, send again, revoke. Only the auth admin API can e-mail an invitation (and
// withdraw an account nobody confirmed), so this function holds the service role, which no browser or web server
// needs. It acts for a caller only after the database, asked as that caller under row level security, has accepted
// the caller's own write or read of the invitation: only user managers can. Only Supabase APIs are used, so the same
// folder runs on the embedded backend and deploys unchanged with `supabase functions deploy`.
//
// POST { action: 'invite', email, can_manage_users?, can_manage_projects?, can_manage_announcements?, redirect_to? }
// POST { action: 'resend', id, redirect_to? }
// POST { action: 'revoke', id }
//
// Answers 200 { outcome, email, warning? }; otherwise { code, message } with `database` (PostgREST's error, for the
// caller to word) when the database refused the caller.
import { createClient, type PostgrestError, type SupabaseClient } from 'npm:@supabase/supabase-js@2';

const URL = Deno.env.get('SUPABASE_URL')!;
const ANON_KEY = Deno.env.get('SUPABASE_ANON_KEY')!;
const SERVICE_ROLE_KEY = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!;

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PERMISSIONS = ['can_manage_users', 'can_manage_projects', 'can_manage_announcements'] as const;

type Body = Record<string, unknown>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { ...CORS, 'Content-Type': 'application/json' } });

const problem = (status: number, code: string, message: string, database?: PostgrestError) =>
  json(status, { code, message, ...(database ? { database } : {}) });

// A refusal by row level security, a constraint or a trigger is the caller's to fix; anything else is ours.
const refused = (error: PostgrestError) =>
  problem(error.code === '42501' ? 403 : 409, 'database', error.message, error);

const NOT_PENDING = () => problem(404, 'not_pending', 'This invitation is no longer pending.');

const admin = createClient(URL, SERVICE_ROLE_KEY, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});

/** A client that asks the database as the caller, so row level security decides what it may do. */
function asCaller(authorization: string): SupabaseClient {
  return createClient(URL, ANON_KEY, {
    global: { headers: { Authorization: authorization } },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

const redirectOf = (body: Body) => (typeof body.redirect_to === 'string' ? body.redirect_to : undefined);

async function invite(db: SupabaseClient, body: Body): Promise<Response> {
  if (typeof body.email !== 'string') return problem(400, 'invalid_request', 'An e-mail address is required.');
  const email = body.email.trim().toLowerCase();
  const row: Record<string, unknown> = { email };
  for (const permission of PERMISSIONS) row[permission] = body[permission] === true;
  const { data: invitation, error } = await db.from('invitations').insert(row).select('id,accepted_at').single();
  if (error) return refused(error);
  // An address whose account is already confirmed joined at once (the database did it): no e-mail is needed.
  if (invitation.accepted_at) return json(200, { outcome: 'joined', email });
  const sent = await admin.auth.admin.inviteUserByEmail(email, { redirectTo: redirectOf(body) });
  if (sent.error) {
    // Nothing half-done: without the e-mail, the invitation is withdrawn again.
    await db.from('invitations').delete().eq('id', invitation.id);
    return problem(502, 'email_not_sent', sent.error.message);
  }
  // The invited account, so that revoking can withdraw it; acceptance sets the same id.
  await db.from('invitations').update({ user_id: sent.data.user.id }).eq('id', invitation.id);
  return json(200, { outcome: 'sent', email });
}

async function resend(db: SupabaseClient, body: Body): Promise<Response> {
  if (typeof body.id !== 'string' || !UUID.test(body.id)) return NOT_PENDING();
  // Reading it as the caller is the permission check: only user managers see invitations.
  const { data: invitation, error } = await db
    .from('invitations')
    .select('id,email')
    .eq('id', body.id)
    .is('accepted_at', null)
    .maybeSingle();
  if (error) return refused(error);
  if (!invitation) return NOT_PENDING();
  const sent = await admin.auth.admin.inviteUserByEmail(invitation.email, { redirectTo: redirectOf(body) });
  if (sent.error) return problem(502, 'email_not_sent', sent.error.message);
  await db
    .from('invitations')
    .update({ sent_at: new Date().toISOString(), user_id: sent.data.user.id })
    .eq('id', invitation.id);
  return json(200, { outcome: 'resent', email: invitation.email });
}

/**
 * Deletes the account the invitation created, so its e-mailed link stops working: only an account that never
 * confirmed its address; anyone who ever signed in keeps theirs. Answers what went wrong, if anything.
 */
async function withdrawInvitedAccount(userId: string): Promise<string | undefined> {
  const { data, error } = await admin.auth.admin.getUserById(userId);
  if (error || !data.user || data.user.email_confirmed_at || !data.user.invited_at) return undefined;
  const deleted = await admin.auth.admin.deleteUser(userId);
  return deleted.error ? `Its invited account could not be removed: ${deleted.error.message}` : undefined;
}

async function revoke(db: SupabaseClient, body: Body): Promise<Response> {
  if (typeof body.id !== 'string' || !UUID.test(body.id)) return NOT_PENDING();
  const { data: invitation, error } = await db
    .from('invitations')
    .delete()
    .eq('id', body.id)
    .is('accepted_at', null)
    .select('email,user_id')
    .maybeSingle();
  if (error) return refused(error);
  if (!invitation) return NOT_PENDING();
  const warning = invitation.user_id ? await withdrawInvitedAccount(invitation.user_id) : undefined;
  return json(200, { outcome: 'revoked', email: invitation.email, ...(warning ? { warning } : {}) });
}

const ACTIONS: Record<string, (db: SupabaseClient, body: Body) => Promise<Response>> = { invite, resend, revoke };

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
  if (request.method !== 'POST') return problem(405, 'method_not_allowed', 'Use POST.');
  const authorization = request.headers.get('Authorization') ?? '';
  const db = asCaller(authorization);
  // Only a signed-in person can be a user manager; API keys and anonymous callers are not anyone.
  const { data: caller } = await db.auth.getUser(authorization.replace(/^Bearer\s+/i, ''));
  if (!caller.user) return problem(401, 'not_signed_in', 'Sign in to manage invitations.');

  let body: Body;
  try {
    body = await request.json();
  } catch {
    return problem(400, 'invalid_request', 'The request body must be JSON.');
  }
  const action = typeof body?.action === 'string' && Object.hasOwn(ACTIONS, body.action) ? body.action : undefined;
  if (!action) return problem(400, 'invalid_request', 'action must be invite, resend or revoke.');
  return ACTIONS[action](db, body);
});
