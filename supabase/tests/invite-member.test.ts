// The invite-member edge function, called through supabase-js's functions.invoke on a listening backend that serves
// this project's folder: a user manager invites, resends and revokes; the database, asked as the caller, refuses
// everyone else; the e-mail goes out only through the function, which alone holds the service role.
import type { SupabaseClient } from '@supabase/supabase-js';
import { FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
import { createNodeClient } from '@teamplan/supabase-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFunctionsBackend, type FunctionsBackend } from '../../apps/backend/test/functions/backend.ts';
import { REPO_SUPABASE_DIR } from '../../apps/backend/test/harness.ts';
import { PASSWORD } from './clients.ts';

let fb: FunctionsBackend;
let manager: SupabaseClient;
let member: SupabaseClient;
let counter = 0;
const address = (label: string) => `${label}-${Date.now().toString(36)}-${(counter += 1)}@example.com`;

async function signedUp(email: string): Promise<SupabaseClient> {
  const client = createNodeClient(fb.url, fb.backend.deps.keys.anonKey);
  const { data, error } = await client.auth.signUp({ email, password: PASSWORD });
  if (error || !data.session) throw new Error(`sign-up of ${email} failed: ${error?.message ?? 'no session'}`);
  return client;
}

async function invitesTo(email: string): Promise<unknown[]> {
  const response = await fetch(`${fb.url}/mailbox/messages?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as Array<{ kind: string }>).filter((mail) => mail.kind === 'invite');
}

/** The function's refusal: status and body. */
async function refusal(promise: Promise<{ error: unknown }>): Promise<{ status: number; body: unknown }> {
  const { error } = await promise;
  expect(error).toBeInstanceOf(FunctionsHttpError);
  const response = (error as FunctionsHttpError).context as Response;
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  fb = await startFunctionsBackend({ SUPABASE_DIR: REPO_SUPABASE_DIR, FUNCTIONS_ENV_FILE: '/nonexistent/.env' });
  // The first account of the organization is its administrator; the next one a member without permissions.
  manager = await signedUp(address('admin'));
  member = await signedUp(address('member'));
}, 120_000);
afterAll(() => fb?.stop());

describe('invite-member', () => {
  it('lets a user manager invite an address, which gets the e-mail with the chosen permissions', async () => {
    const email = address('invitee');
    const { data, error } = await manager.functions.invoke('invite-member', {
      body: { action: 'invite', email, can_manage_projects: true },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ outcome: 'sent', email });
    expect(await invitesTo(email)).toHaveLength(1);
    const { data: rows } = await manager
      .from('invitations')
      .select('email,can_manage_projects,user_id')
      .eq('email', email);
    expect(rows).toEqual([{ email, can_manage_projects: true, user_id: expect.any(String) }]);
  });

  it('refuses a member who does not manage users, through the database, and sends nothing', async () => {
    const email = address('not-sent');
    const answer = await refusal(member.functions.invoke('invite-member', { body: { action: 'invite', email } }));
    expect(answer).toMatchObject({ status: 403, body: { code: 'database', database: { code: '42501' } } });
    expect(await invitesTo(email)).toHaveLength(0);
  });

  it('does not act for an API key alone, and the platform refuses a caller without a token', async () => {
    const anon = createNodeClient(fb.url, fb.backend.deps.keys.anonKey);
    const email = address('anon');
    const answer = await refusal(anon.functions.invoke('invite-member', { body: { action: 'invite', email } }));
    expect(answer).toEqual({
      status: 401,
      body: { code: 'not_signed_in', message: 'Sign in to manage invitations.' },
    });
    const bare = await fetch(`${fb.url}/functions/v1/invite-member`, { method: 'POST', body: '{}' });
    expect(bare.status).toBe(401);
    expect(bare.headers.get('x-relay-error')).toBe('true');
    expect(await invitesTo(email)).toHaveLength(0);
  });

  it('answers a request it cannot understand with a clear error', async () => {
    expect(await refusal(manager.functions.invoke('invite-member', { body: { action: 'promote' } }))).toEqual({
      status: 400,
      body: { code: 'invalid_request', message: 'action must be invite, resend or revoke.' },
    });
    expect(
      await refusal(manager.functions.invoke('invite-member', { body: { action: 'resend', id: 'nonsense' } })),
    ).toMatchObject({ status: 404, body: { code: 'not_pending' } });
  });

  it('sends an invitation again and revokes it, withdrawing the account nobody confirmed', async () => {
    const email = address('revoked');
    await manager.functions.invoke('invite-member', { body: { action: 'invite', email } });
    const { data: invitation } = await manager.from('invitations').select('id').eq('email', email).single();

    const resent = await manager.functions.invoke('invite-member', { body: { action: 'resend', id: invitation!.id } });
    expect(resent).toMatchObject({ error: null, data: { outcome: 'resent', email } });
    expect(await invitesTo(email)).toHaveLength(2);

    const revoked = await manager.functions.invoke('invite-member', { body: { action: 'revoke', id: invitation!.id } });
    expect(revoked).toMatchObject({ error: null, data: { outcome: 'revoked', email } });
    const service = createNodeClient(fb.url, fb.backend.deps.keys.serviceRoleKey);
    const { data: users } = await service.auth.admin.listUsers();
    expect(users.users.map((user) => user.email)).not.toContain(email);
    // Revoked once, it is no longer pending.
    const again = await refusal(
      manager.functions.invoke('invite-member', { body: { action: 'revoke', id: invitation!.id } }),
    );
    expect(again.status).toBe(404);
  });

  it('is a relay error for a function that does not exist', async () => {
    const { error } = await manager.functions.invoke('no-such-function');
    expect(error).toBeInstanceOf(FunctionsRelayError);
  });
});
