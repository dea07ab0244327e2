// POST /admin/generate_link through supabase-js's auth.admin.generateLink: every link type returns the link, the
// code and the token hash instead of sending an e-mail, and each link does what the e-mail's link would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../harness.ts';
import {
  call,
  fragmentOf,
  GOOD_PASSWORD,
  mailsFor,
  openLink,
  signUpWithSession,
  supabaseJs,
  uniqueEmail,
  withConfig,
} from './helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const admin = () => supabaseJs(h, h.keys.serviceRoleKey).auth.admin;

describe('auth.admin.generateLink', () => {
  it('signup: creates the unconfirmed account; its link confirms it and signs in', async () => {
    const email = uniqueEmail('gen');
    const { data, error } = await admin().generateLink({
      type: 'signup',
      email,
      password: GOOD_PASSWORD,
      options: { data: { full_name: 'Lin' }, redirectTo: 'http://127.0.0.1:3000/welcome' },
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.user_metadata.full_name).toBe('Lin');
    expect(data.properties).toMatchObject({
      verification_type: 'signup',
      redirect_to: 'http://127.0.0.1:3000/welcome',
      email_otp: expect.stringMatching(/^\d{6}$/),
    });
    const link = new URL(data.properties!.action_link);
    expect(link.origin + link.pathname).toBe('http://127.0.0.1:54321/auth/v1/verify');
    expect(link.searchParams.get('token')).toBe(data.properties!.hashed_token);
    const landed = await openLink(h, link);
    expect(landed.origin + landed.pathname).toBe('http://127.0.0.1:3000/welcome');
    expect(fragmentOf(landed).get('type')).toBe('signup');
    expect(await mailsFor(h, email)).toEqual([]);
  });

  it('signup again for an unconfirmed account: the same account, with the new metadata merged in', async () => {
    const email = uniqueEmail('gen-again');
    const first = await admin().generateLink({
      type: 'signup',
      email,
      password: GOOD_PASSWORD,
      options: { data: { full_name: 'Lin', team: 'ops' } },
    });
    const again = await admin().generateLink({
      type: 'signup',
      email,
      password: GOOD_PASSWORD,
      options: { data: { team: 'design' } },
    });
    expect(again.error).toBeNull();
    expect(again.data.user?.id).toBe(first.data.user?.id);
    expect(again.data.user?.user_metadata).toMatchObject({ full_name: 'Lin', team: 'design' });
  });

  it('invite: a password-less account whose code verifies as an invitation', async () => {
    const email = uniqueEmail('gen-invite');
    const { data } = await admin().generateLink({ type: 'invite', email });
    expect(data.user?.invited_at).toBeTruthy();
    const verified = await call(h, 'POST', '/verify', {
      body: { type: 'invite', email, token: data.properties!.email_otp },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user.email_confirmed_at).toBeTruthy();
  });

  it('magiclink and recovery: for an existing account, verified by token hash; recovery refuses an unknown address', async () => {
    const { email } = await signUpWithSession(h);
    for (const type of ['magiclink', 'recovery'] as const) {
      const { data, error } = await admin().generateLink({ type, email });
      expect(error).toBeNull();
      expect(data.properties?.verification_type).toBe(type);
      const verified = await call(h, 'POST', '/verify', { body: { type, token_hash: data.properties!.hashed_token } });
      expect(verified.status).toBe(200);
      expect(verified.body.user.email).toBe(email);
    }
    const unknown = await admin().generateLink({ type: 'recovery', email: uniqueEmail('nobody') });
    expect([unknown.error?.status, unknown.error?.code, unknown.error?.message]).toEqual([
      404,
      'user_not_found',
      'User with this email not found',
    ]);
    expect(await mailsFor(h, email)).toEqual([]);
  });

  it('magiclink for an address without an account: a sign-up link for a new, unconfirmed account', async () => {
    const email = uniqueEmail('gen-new');
    const { data, error } = await admin().generateLink({
      type: 'magiclink',
      email,
      options: { data: { full_name: 'Noor' } },
    });
    expect(error).toBeNull();
    expect(data.properties?.verification_type).toBe('signup');
    expect(new URL(data.properties!.action_link).searchParams.get('type')).toBe('signup');
    expect(data.user).toMatchObject({ email, user_metadata: { full_name: 'Noor' } });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    const verified = await call(h, 'POST', '/verify', {
      body: { type: 'signup', token_hash: data.properties!.hashed_token },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user.email_confirmed_at).toBeTruthy();
  });

  it('email_change_current and email_change_new: links for each address that together change it', async () => {
    const { email } = await signUpWithSession(h);
    const newEmail = uniqueEmail('changed');
    const current = await admin().generateLink({ type: 'email_change_current', email, newEmail });
    expect(current.error).toBeNull();
    expect(current.data.properties?.verification_type).toBe('email_change');
    expect(current.data.user?.new_email).toBe(newEmail);
    const next = await admin().generateLink({ type: 'email_change_new', email, newEmail });
    const verified = await call(h, 'POST', '/verify', {
      body: { type: 'email_change', token_hash: next.data.properties!.hashed_token },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user.email).toBe(newEmail);
  });

  it('email_change_current needs double-confirmed e-mail changes', async () => {
    const singleConfirm = withConfig(h, (config) => {
      config.project.auth.email.double_confirm_changes = false;
    });
    const { email } = await signUpWithSession(singleConfirm);
    const refused = await supabaseJs(singleConfirm, singleConfirm.keys.serviceRoleKey).auth.admin.generateLink({
      type: 'email_change_current',
      email,
      newEmail: uniqueEmail('changed'),
    });
    expect([refused.error?.status, refused.error?.code, refused.error?.message]).toEqual([
      400,
      'validation_failed',
      'Enable secure email change to generate link for current email',
    ]);
  });

  it('writes redirect_to into the link as given, escaping it only when it carries a query of its own', async () => {
    const { email } = await signUpWithSession(h);
    const plain = 'http://127.0.0.1:3000/welcome';
    const { data } = await admin().generateLink({ type: 'magiclink', email, options: { redirectTo: plain } });
    // Apps match the link's text (as GoTrue writes it), not only its parsed query.
    expect(data.properties!.action_link).toContain(`&redirect_to=${plain}`);
    expect((await openLink(h, new URL(data.properties!.action_link))).href.split('#')[0]).toBe(plain);

    const withQuery = 'http://127.0.0.1:3000/welcome?next=/projects&tab=2';
    const escaped = await admin().generateLink({ type: 'magiclink', email, options: { redirectTo: withQuery } });
    const link = new URL(escaped.data.properties!.action_link);
    expect(escaped.data.properties!.action_link).toContain(`&redirect_to=${encodeURIComponent(withQuery)}`);
    expect(link.searchParams.get('redirect_to')).toBe(withQuery);
    expect([...link.searchParams.keys()]).toEqual(['token', 'type', 'redirect_to']);
  });

  it('validates the type, an existing confirmed address for signup, and needs the service role', async () => {
    const { email, session } = await signUpWithSession(h);
    const taken = await admin().generateLink({ type: 'signup', email, password: GOOD_PASSWORD });
    expect(taken.error?.code).toBe('email_exists');
    const badType = await call(h, 'POST', '/admin/generate_link', {
      token: h.keys.serviceRoleKey,
      body: { type: 'nonsense', email },
    });
    expect([badType.status, badType.body.code, badType.body.message]).toEqual([
      400,
      'validation_failed',
      'Invalid email action link type requested: nonsense',
    ]);
    const asUser = await call(h, 'POST', '/admin/generate_link', {
      token: session.access_token,
      body: { type: 'magiclink', email },
    });
    expect(asUser.status).toBe(403);
  });
});
