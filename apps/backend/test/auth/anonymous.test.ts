// Anonymous sign-in (supabase.auth.signInAnonymously) when [auth] enable_anonymous_sign_ins is on; GoTrue's error
// when it is off; an anonymous user becomes permanent by confirming an e-mail address, or at once by adding one (or a
// number) when confirmations are off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../harness.ts';
import {
  call,
  decodeClaims,
  latestMail,
  linkAndCode,
  mailsFor,
  supabaseJs,
  uniqueEmail,
  withConfig,
} from './helpers.ts';

let h: Harness;
let enabled: Harness;
let confirming: Harness;
beforeAll(async () => {
  h = await createHarness();
  enabled = withConfig(h, (config) => {
    config.project.auth.enable_anonymous_sign_ins = true;
  });
  confirming = withConfig(h, (config) => {
    config.project.auth.enable_anonymous_sign_ins = true;
    config.project.auth.email.enable_confirmations = true;
  });
});
afterAll(() => h.close());

const client = (target: Harness) => supabaseJs(target);

describe('anonymous sign-in', () => {
  it('is refused with anonymous_provider_disabled unless enabled', async () => {
    const { error } = await client(h).auth.signInAnonymously();
    expect(error?.code).toBe('anonymous_provider_disabled');
    expect(error?.status).toBe(422);
    const settings = await call(enabled, 'GET', '/settings');
    expect(settings.body.external.anonymous_users).toBe(true);
  });

  it('creates an anonymous user with metadata and a session whose token says is_anonymous', async () => {
    const supabase = client(enabled);
    const { data, error } = await supabase.auth.signInAnonymously({ options: { data: { theme: 'dark' } } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ is_anonymous: true, email: '', user_metadata: { theme: 'dark' } });
    // GoTrue names no provider for a user without identity.
    expect(data.user?.app_metadata).toEqual({});
    expect(data.user?.identities).toEqual([]);
    const claims = decodeClaims(data.session!.access_token);
    expect(claims).toMatchObject({ is_anonymous: true, role: 'authenticated', aal: 'aal1' });
    expect(claims.amr.map((m: { method: string }) => m.method)).toEqual(['anonymous']);
    expect((await supabase.auth.getUser()).data.user?.id).toBe(data.user!.id);
  });

  it('becomes a permanent user by confirming an e-mail address', async () => {
    const supabase = client(confirming);
    await supabase.auth.signInAnonymously();
    const email = uniqueEmail('anon');
    const update = await supabase.auth.updateUser({ email });
    expect(update.error).toBeNull();
    const { code } = linkAndCode(await latestMail(h, email));
    const verified = await supabase.auth.verifyOtp({ email, token: code, type: 'email_change' });
    expect(verified.error).toBeNull();
    expect(verified.data.user).toMatchObject({ email, is_anonymous: false });
    expect(verified.data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
  });

  it('takes an e-mail address at once when confirmations are off, and can then sign in with its password', async () => {
    const supabase = client(enabled);
    await supabase.auth.signInAnonymously();
    const email = uniqueEmail('anon');
    const { data, error } = await supabase.auth.updateUser({ email, password: 'anon-upgrade-7' });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, is_anonymous: false });
    expect(data.user?.new_email).toBeUndefined();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.identities?.map((identity) => identity.provider)).toEqual(['email']);
    expect(await mailsFor(h, email)).toEqual([]);
    const signIn = await client(enabled).auth.signInWithPassword({ email, password: 'anon-upgrade-7' });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.is_anonymous).toBe(false);
  });

  it('takes a phone number at once when SMS confirmations are off, and is no longer anonymous', async () => {
    const supabase = client(enabled);
    await supabase.auth.signInAnonymously();
    const phone = `1555${Date.now().toString().slice(-7)}`;
    const { data, error } = await supabase.auth.updateUser({ phone });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ phone, is_anonymous: false });
  });

  it('refuses a password for an anonymous user who gives no e-mail address or phone number', async () => {
    const supabase = client(enabled);
    const { data } = await supabase.auth.signInAnonymously();
    const refused = await call(enabled, 'PUT', '/user', {
      token: data.session!.access_token,
      body: { password: 'anon-upgrade-7' },
    });
    expect([refused.status, refused.body]).toEqual([
      422,
      {
        code: 'validation_failed',
        message: 'Updating password of an anonymous user without an email or phone is not allowed',
      },
    ]);
  });
});
