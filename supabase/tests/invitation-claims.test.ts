// An invitation's permissions go only to whoever proves they read the invited address's mail: through the invitation
// link, or the confirmation link of a sign-up. A sign-up confirmed at once (confirmations off, as shipped) proves
// nothing, since anyone can type any address.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  call,
  latestMail,
  linkAndCode,
  openLink,
  withConfig,
  withConfirmations,
} from '../../apps/backend/test/auth/helpers.ts';
import { createHarness, type Harness } from '../../apps/backend/test/harness.ts';
import { anonClient, PASSWORD, serviceClient, signedUpClient } from './clients.ts';

let h: Harness;
let manager: SupabaseClient;

const ALL = { can_manage_users: true, can_manage_projects: true, can_manage_announcements: true };

beforeAll(async () => {
  h = await createHarness();
  ({ client: manager } = await signedUpClient(h, 'founder@example.com', 'Fran Founder'));
}, 60_000);
afterAll(() => h.close());
beforeEach(async () => {
  await h.db.query(`update organization set open_signup = false, allowed_email_domains = '{}'`);
});

const membership = async (userId: string) =>
  (
    await h.db.query(
      `select can_manage_users, can_manage_projects, can_manage_announcements from organization_users
       where user_id = $1`,
      [userId],
    )
  ).rows[0];

const pending = async (email: string) =>
  (await h.db.query(`select accepted_at from invitations where email = $1`, [email])).rows[0]?.accepted_at === null;

describe('claiming an invitation', () => {
  it('gives no access to a stranger signing up as the invited address, only to who opens a link sent there', async () => {
    await manager
      .from('invitations')
      .insert({ email: 'boss@example.com', ...ALL })
      .throwOnError();
    const stranger = anonClient(h);
    const { data, error } = await stranger.auth.signUp({ email: 'boss@example.com', password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();

    expect(await membership(data.user!.id)).toBeUndefined();
    expect(await pending('boss@example.com')).toBe(true);
    // Through the API too: a user manager would see the pending invitations.
    const { data: seen } = await stranger.from('invitations').select('email').throwOnError();
    expect(seen).toEqual([]);

    // The owner of an invited address proves it with the invitation link, or a sign-up confirmation link.
    await manager.from('invitations').insert({ email: 'linked@example.com', can_manage_projects: true }).throwOnError();
    const { data: invited } = await serviceClient(h).auth.admin.inviteUserByEmail('linked@example.com');
    await openLink(h, linkAndCode(await latestMail(h, 'linked@example.com')).link);
    expect(await membership(invited.user!.id)).toEqual({
      can_manage_users: false,
      can_manage_projects: true,
      can_manage_announcements: false,
    });

    const confirming = withConfig(h, withConfirmations);
    await manager
      .from('invitations')
      .insert({ email: 'confirmed@example.com', ...ALL })
      .throwOnError();
    const signUp = await call(confirming, 'POST', '/signup', {
      body: { email: 'confirmed@example.com', password: PASSWORD },
    });
    expect(signUp.status).toBe(200);
    expect(await membership(signUp.body.id)).toBeUndefined();
    await openLink(confirming, linkAndCode(await latestMail(h, 'confirmed@example.com')).link);
    expect(await membership(signUp.body.id)).toEqual(ALL);
    expect(await pending('confirmed@example.com')).toBe(false);
  });

  it('is not granted at once, when invited again, to an account whose address was only auto-confirmed', async () => {
    const { data: first } = await manager
      .from('invitations')
      .insert({ email: 'squat@example.com', ...ALL })
      .select('id')
      .single()
      .throwOnError();
    const { data } = await anonClient(h).auth.signUp({ email: 'squat@example.com', password: PASSWORD });
    await manager.from('invitations').delete().eq('id', first!.id).throwOnError();

    const { data: again } = await manager
      .from('invitations')
      .insert({ email: 'squat@example.com', ...ALL })
      .select('accepted_at')
      .single()
      .throwOnError();
    expect(again!.accepted_at).toBeNull();
    expect(await membership(data.user!.id)).toBeUndefined();
  });
});
