// Who may join and how: invitations grant their permissions once the address is confirmed, the sign-up hook keeps
// a closed organization closed, and a signed-in person without access learns whom to ask.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../apps/backend/test/harness.ts';
import { anonClient, PASSWORD, serviceClient, signedUpClient } from './clients.ts';
import { createAccount } from './sql.ts';

let h: Harness;
let service: SupabaseClient;
let manager: SupabaseClient;
let managerId: string;

beforeAll(async () => {
  h = await createHarness();
  service = serviceClient(h);
  ({ client: manager, id: managerId } = await signedUpClient(h, 'founder@example.com', 'Fran Founder'));
}, 60_000);
afterAll(() => h.close());
beforeEach(async () => {
  await h.db.query(`update organization set open_signup = true, allowed_email_domains = '{}', name = 'Acme'`);
});

const membership = async (userId: string) =>
  (
    await h.db.query(
      `select can_manage_users, can_manage_projects, can_manage_announcements, invited_by
       from organization_users where user_id = $1`,
      [userId],
    )
  ).rows[0];

interface HookAnswer {
  error?: { http_code: number; message: string };
}

const hookAnswer = async (user: Record<string, unknown>) =>
  (await h.db.query<{ answer: HookAnswer }>('select private.hook_before_user_created($1::jsonb) as answer', [{ user }]))
    .rows[0].answer;

describe('invitations', () => {
  it('makes the invitee a member with the invited permissions when the address is confirmed', async () => {
    await manager.from('invitations').insert({ email: 'ivy@example.com', can_manage_projects: true }).throwOnError();
    const { data, error } = await service.auth.admin.inviteUserByEmail('ivy@example.com');
    expect(error).toBeNull();
    const invitee = data.user!.id;
    expect(await membership(invitee)).toBeUndefined();

    await service.auth.admin.updateUserById(invitee, { email_confirm: true });
    expect(await membership(invitee)).toEqual({
      can_manage_users: false,
      can_manage_projects: true,
      can_manage_announcements: false,
      invited_by: managerId,
    });
    const { rows } = await h.db.query(`select accepted_at, user_id from invitations where email = 'ivy@example.com'`);
    expect(rows[0].accepted_at).not.toBeNull();
    expect(rows[0].user_id).toBe(invitee);
  });

  it('gives an existing account access at once and refuses to invite a current member', async () => {
    const outsider = await createAccount(h.db, 'olga@example.com');
    // Confirmed through the link of a confirmation e-mail.
    await h.db.query(`update auth.users set confirmation_sent_at = now(), email_confirmed_at = now() where id = $1`, [
      outsider,
    ]);
    await h.db.query('delete from organization_users where user_id = $1', [outsider]);

    const { data } = await manager
      .from('invitations')
      .insert({ email: 'olga@example.com', can_manage_announcements: true })
      .select('accepted_at')
      .single()
      .throwOnError();
    expect(data!.accepted_at).not.toBeNull();
    expect((await membership(outsider)).can_manage_announcements).toBe(true);

    const again = await manager.from('invitations').insert({ email: 'olga@example.com' });
    expect(again.error?.code).toBe('23505');
    expect(again.error?.message).toBe('olga@example.com is already a member.');
  });

  it('keeps one pending invitation per address, stored in lower case', async () => {
    await manager.from('invitations').insert({ email: 'pat@example.com' }).throwOnError();
    const duplicate = await manager.from('invitations').insert({ email: 'pat@example.com' });
    expect(duplicate.error?.code).toBe('23505');
    const shouting = await manager.from('invitations').insert({ email: 'PAT@EXAMPLE.COM' });
    expect(shouting.error?.code).toBe('23514');
  });
});

describe('the sign-up hook', () => {
  it('lets anyone sign up while sign-up is open', async () => {
    expect(await hookAnswer({ email: 'anyone@elsewhere.org' })).toEqual({});
  });

  it('refuses addresses that were not invited when sign-up is closed, naming the organization', async () => {
    await h.db.query('update organization set open_signup = false');
    expect(await hookAnswer({ email: 'stranger@example.com' })).toEqual({
      error: {
        http_code: 403,
        message: 'Sign-up to Acme is by invitation only. Ask a member who manages users to invite you.',
      },
    });
    expect((await hookAnswer({ phone: '15550100' })).error?.http_code).toBe(403);
    await manager.from('invitations').insert({ email: 'welcome@example.com' }).throwOnError();
    expect(await hookAnswer({ email: 'Welcome@Example.com' })).toEqual({});
  });

  it('refuses addresses outside the allowed domains unless invited', async () => {
    await h.db.query(`update organization set allowed_email_domains = '{acme.test,acme.example}'`);
    expect(await hookAnswer({ email: 'ok@acme.example' })).toEqual({});
    expect((await hookAnswer({ email: 'no@elsewhere.org' })).error?.message).toBe(
      'Sign-up to Acme is open only to addresses at acme.test, acme.example. Ask a member who manages users to invite you.',
    );
    await manager.from('invitations').insert({ email: 'guest@elsewhere.org' }).throwOnError();
    expect(await hookAnswer({ email: 'guest@elsewhere.org' })).toEqual({});
  });

  it('is asked by the auth service: a refused sign-up creates nothing and says why', async () => {
    await h.db.query('update organization set open_signup = false');
    const { data, error } = await anonClient(h).auth.signUp({ email: 'gatecrasher@example.com', password: PASSWORD });
    expect(error?.status).toBe(403);
    expect(error?.message).toBe('Sign-up to Acme is by invitation only. Ask a member who manages users to invite you.');
    expect(data.user).toBeNull();
    const { rows } = await h.db.query(`select 1 from auth.users where email = 'gatecrasher@example.com'`);
    expect(rows).toHaveLength(0);

    await manager.from('invitations').insert({ email: 'guest@example.com' }).throwOnError();
    const invited = await anonClient(h).auth.signUp({ email: 'guest@example.com', password: PASSWORD });
    expect(invited.error).toBeNull();
    // Confirmations are off: nothing proved the address, so the invitation waits for its link.
    expect(await membership(invited.data.user!.id)).toBeUndefined();
  });

  it('cannot be called through the API', async () => {
    const { error } = await manager.schema('public').rpc('hook_before_user_created', { event: {} });
    expect(error).not.toBeNull();
    const direct = await h.db.query(
      `select has_function_privilege('authenticated', 'private.hook_before_user_created(jsonb)', 'execute') as allowed`,
    );
    expect(direct.rows[0].allowed).toBe(false);
  });
});

describe('whom to ask for access', () => {
  it('names the user managers to a signed-in person without access, and nobody to the anonymous', async () => {
    const { client, id } = await signedUpClient(h, 'nora@example.com', 'Nora None');
    await service.from('organization_users').delete().eq('user_id', id).throwOnError();
    const { data, error } = await client.rpc('access_contacts');
    expect(error).toBeNull();
    expect(data).toContainEqual({ organization_name: 'Acme', full_name: 'Fran Founder', email: 'founder@example.com' });
    expect(data!.every((row: { email: string }) => row.email !== 'nora@example.com')).toBe(true);
    const anonymous = await anonClient(h).rpc('access_contacts');
    expect(anonymous.error).not.toBeNull();
  });
});
