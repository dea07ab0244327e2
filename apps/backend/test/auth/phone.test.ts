// Codes by SMS in the embedded default: texts are kept in the mailbox (kind "sms"); sign-in by code (verify type
// sms), phone sign-up with [auth.sms] enable_confirmations, number changes (verify type phone_change), resend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../harness.ts';
import { call, decodeClaims, GOOD_PASSWORD, mailsFor, supabaseJs, withConfig } from './helpers.ts';

let h: Harness;
let confirming: Harness;
beforeAll(async () => {
  h = await createHarness();
  confirming = withConfig(h, (config) => {
    config.project.auth.sms.enable_confirmations = true;
    config.project.auth.sms.max_frequency = '0s';
    config.project.auth.enable_anonymous_sign_ins = true;
  });
});
afterAll(() => h.close());

let counter = 0;
const newPhone = () => `+1555${String(Date.now() % 10_000).padStart(4, '0')}${String((counter += 1)).padStart(3, '0')}`;

const client = (target: Harness) => supabaseJs(target);

async function latestSmsCode(phone: string): Promise<string> {
  const [sms] = await mailsFor(h, phone);
  expect(sms.kind).toBe('sms');
  return /\b(\d{6})\b/.exec(sms.text)![1];
}

describe('sign-in with a code by SMS', () => {
  it('texts a code to the mailbox that signs in (creating the account of a new number)', async () => {
    const phone = newPhone();
    const supabase = client(h);
    const sent = await supabase.auth.signInWithOtp({ phone });
    expect(sent.error).toBeNull();
    expect(sent.data.messageId).toMatch(/^\d+$/);
    const [sms] = await mailsFor(h, phone);
    expect(sms.text).toMatch(/^Your code is \d{6}$/);
    const wrong = await supabase.auth.verifyOtp({ phone, token: '000000', type: 'sms' });
    expect(wrong.error?.code).toBe('otp_expired');
    const { data, error } = await supabase.auth.verifyOtp({ phone, token: await latestSmsCode(phone), type: 'sms' });
    expect(error).toBeNull();
    expect(data.user?.phone).toBe(phone.slice(1));
    expect(data.user?.phone_confirmed_at).toBeTruthy();
    expect(decodeClaims(data.session!.access_token).amr.map((m: { method: string }) => m.method)).toEqual(['otp']);
    // A code works once.
    const again = await supabase.auth.verifyOtp({ phone, token: await latestSmsCode(phone), type: 'sms' });
    expect(again.error?.code).toBe('otp_expired');
  });

  it('refuses an unknown number when create_user is false, and a second text within max_frequency', async () => {
    const supabase = client(h);
    const unknown = await supabase.auth.signInWithOtp({ phone: newPhone(), options: { shouldCreateUser: false } });
    expect(unknown.error?.code).toBe('otp_disabled');
    const phone = newPhone();
    expect((await supabase.auth.signInWithOtp({ phone })).error).toBeNull();
    const tooSoon = await supabase.auth.signInWithOtp({ phone });
    expect(tooSoon.error?.status).toBe(429);
    expect(tooSoon.error?.code).toBe('over_sms_send_rate_limit');
  });
});

describe('with [auth.sms] enable_confirmations', () => {
  it('a phone sign-up waits for the texted code; resend texts a new one', async () => {
    const phone = newPhone();
    const supabase = client(confirming);
    const signUp = await supabase.auth.signUp({ phone, password: GOOD_PASSWORD });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user?.phone_confirmed_at).toBeUndefined();
    const early = await supabase.auth.signInWithPassword({ phone, password: GOOD_PASSWORD });
    expect(early.error?.code).toBe('phone_not_confirmed');
    const first = await latestSmsCode(phone);
    expect((await supabase.auth.resend({ type: 'sms', phone })).error).toBeNull();
    expect(await mailsFor(h, phone)).toHaveLength(2);
    const second = await latestSmsCode(phone);
    if (first !== second) {
      const stale = await supabase.auth.verifyOtp({ phone, token: first, type: 'sms' });
      expect(stale.error?.code).toBe('otp_expired');
    }
    const verified = await supabase.auth.verifyOtp({ phone, token: second, type: 'sms' });
    expect(verified.error).toBeNull();
    expect((await supabase.auth.signInWithPassword({ phone, password: GOOD_PASSWORD })).error).toBeNull();
  });

  it('a number change takes effect once the code texted to the new number is verified', async () => {
    const phone = newPhone();
    const supabase = client(h);
    await supabase.auth.signInWithOtp({ phone });
    await supabase.auth.verifyOtp({ phone, token: await latestSmsCode(phone), type: 'sms' });
    const session = (await supabase.auth.getSession()).data.session!;
    const next = newPhone();
    const changed = await call(confirming, 'PUT', '/user', { token: session.access_token, body: { phone: next } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ phone: phone.slice(1), new_phone: next.slice(1) });
    const verified = await call(confirming, 'POST', '/verify', {
      body: { type: 'phone_change', phone: next, token: await latestSmsCode(next) },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user.phone).toBe(next.slice(1));
    expect(verified.body.user.new_phone).toBeUndefined();
  });

  it('a code to a number not confirmed yet answers without a message id, as GoTrue signs it up again', async () => {
    const phone = newPhone();
    const sent = await call(confirming, 'POST', '/otp', { body: { phone } });
    expect([sent.status, sent.body]).toEqual([200, {}]);
    const again = await call(confirming, 'POST', '/otp', { body: { phone } });
    expect([again.status, again.body]).toEqual([200, {}]);
    expect(await mailsFor(h, phone)).toHaveLength(2);
  });

  it('an anonymous user who verifies a new number becomes a permanent one', async () => {
    const supabase = client(confirming);
    const { data } = await supabase.auth.signInAnonymously();
    const next = newPhone();
    const changed = await call(confirming, 'PUT', '/user', {
      token: data.session!.access_token,
      body: { phone: next },
    });
    expect(changed.body).toMatchObject({ is_anonymous: true, new_phone: next.slice(1) });
    const verified = await call(confirming, 'POST', '/verify', {
      body: { type: 'phone_change', phone: next, token: await latestSmsCode(next) },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ phone: next.slice(1), is_anonymous: false });
    expect(decodeClaims(verified.body.access_token).is_anonymous).toBe(false);
  });

  it('a number change refuses a channel other than sms', async () => {
    const { data } = await client(confirming).auth.signInAnonymously();
    const refused = await call(confirming, 'PUT', '/user', {
      token: data.session!.access_token,
      body: { phone: newPhone(), channel: 'whatsapp' },
    });
    expect([refused.status, refused.body]).toEqual([
      400,
      { code: 'validation_failed', message: "Invalid channel, supported values are 'sms' or 'whatsapp'" },
    ]);
  });
});
