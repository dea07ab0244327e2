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

  it('magiclink and recovery: for an existing account, verified by token hash; unknown addresses are refused', async () => {
    const { email } = await signUpWithSession(h);
    for (const type of ['magiclink', 'recovery'] as const) {
      const { data, error } = await admin().generateLink({ type, email });
      expect(error).toBeNull();
      expect(data.properties?.verification_type).toBe(type);
      const verified = await call(h, 'POST', '/verify', { body: { type, token_hash: data.properties!.hashed_token } });
      expect(verified.status).toBe(200);
      expect(verified.body.user.email).toBe(email);
    }
    const unknown = await admin().generateLink({ type: 'magiclink', email: uniqueEmail('nobody') });
    expect(unknown.error?.status).toBe(404);
    expect(await mailsFor(h, email)).toEqual([]);
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

  it('validates the type, an existing confirmed address for signup, and needs the service role', async () => {
    const { email, session } = await signUpWithSession(h);
    const taken = await admin().generateLink({ type: 'signup', email, password: GOOD_PASSWORD });
    expect(taken.error?.code).toBe('email_exists');
    const badType = await call(h, 'POST', '/admin/generate_link', {
      token: h.keys.serviceRoleKey,
      body: { type: 'nonsense', email },
    });
    expect([badType.status, badType.body.code]).toEqual([400, 'validation_failed']);
    const asUser = await call(h, 'POST', '/admin/generate_link', {
      token: session.access_token,
      body: { type: 'magiclink', email },
    });
    expect(asUser.status).toBe(403);
  });
});
