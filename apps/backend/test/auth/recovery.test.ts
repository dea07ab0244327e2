// E-mailed sign-in paths: password recovery, magic links and codes (/otp), resending, e-mail change, reauthentication.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../harness.ts';
import {
  call,
  fragmentOf,
  GOOD_PASSWORD,
  latestMail,
  linkAndCode,
  mailsFor,
  openLink,
  signUpWithSession,
  uniqueEmail,
  withConfig,
} from './helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ configure: (config) => void (config.project.auth.email.max_frequency = '0s') });
});
afterAll(() => h.close());

describe('POST /recover', () => {
  it('answers {} for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const { status, body } = await call(h, 'POST', '/recover', { body: { email } });
    expect([status, body]).toEqual([200, {}]);
    expect(await mailsFor(h, email)).toEqual([]);
  });

  it('e-mails a recovery link that signs in with type=recovery, so the client can ask for a new password', async () => {
    const { email } = await signUpWithSession(h);
    const { status, body } = await call(
      h,
      'POST',
      '/recover?redirect_to=' + encodeURIComponent('http://localhost:3000/confirm'),
      { body: { email } },
    );
    expect([status, body]).toEqual([200, {}]);
    const mail = await latestMail(h, email);
    expect(mail.kind).toBe('recovery');
    const target = await openLink(h, linkAndCode(mail).link);
    expect(`${target.origin}${target.pathname}`).toBe('http://localhost:3000/confirm');
    const fragment = fragmentOf(target);
    expect(fragment.get('type')).toBe('recovery');
    const changed = await call(h, 'PUT', '/user', {
      token: fragment.get('access_token')!,
      body: { password: 'recovered-pass-2' },
    });
    expect(changed.status).toBe(200);
    const login = await call(h, 'POST', '/token?grant_type=password', {
      body: { email, password: 'recovered-pass-2' },
    });
    expect(login.status).toBe(200);
  });

  it('limits how often one kind of e-mail goes to one account', async () => {
    const slow = withConfig(h, (config) => void (config.project.auth.email.max_frequency = '60s'));
    const { email } = await signUpWithSession(h);
    expect((await call(slow, 'POST', '/recover', { body: { email } })).status).toBe(200);
    const again = await call(slow, 'POST', '/recover', { body: { email } });
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('over_email_send_rate_limit');
    expect(again.body.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
  });
});

describe('POST /otp (magic link and code)', () => {
  it('sends an existing user a magic link whose code also signs in', async () => {
    const { email } = await signUpWithSession(h);
    expect((await call(h, 'POST', '/otp', { body: { email, create_user: false } })).body).toEqual({});
    const mail = await latestMail(h, email);
    expect(mail.kind).toBe('magiclink');
    const { code } = linkAndCode(mail);
    const { status, body } = await call(h, 'POST', '/verify', { body: { type: 'email', email, token: code } });
    expect(status).toBe(200);
    expect((await h.keys.verify(body.access_token)).amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }]);
  });

  it('creates the account of an unknown address unless create_user is false', async () => {
    const refused = await call(h, 'POST', '/otp', { body: { email: uniqueEmail(), create_user: false } });
    expect([refused.status, refused.body]).toEqual([
      422,
      { code: 'otp_disabled', message: 'Signups not allowed for otp' },
    ]);
    const email = uniqueEmail('new');
    expect((await call(h, 'POST', '/otp', { body: { email, data: { full_name: 'Di' } } })).status).toBe(200);
    const target = await openLink(h, linkAndCode(await latestMail(h, email)).link);
    const session = fragmentOf(target);
    expect(session.get('type')).toBe('magiclink');
    const user = await call(h, 'GET', '/user', { token: session.get('access_token')! });
    expect(user.body.user_metadata.full_name).toBe('Di');
  });

  it('supports PKCE magic links', async () => {
    const { email } = await signUpWithSession(h);
    const verifier = 'v'.repeat(50);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    await call(h, 'POST', '/otp', { body: { email, code_challenge: challenge, code_challenge_method: 's256' } });
    const target = await openLink(h, linkAndCode(await latestMail(h, email)).link);
    const exchange = await call(h, 'POST', '/token?grant_type=pkce', {
      body: { auth_code: target.searchParams.get('code'), code_verifier: verifier },
    });
    expect(exchange.status).toBe(200);
    expect(exchange.body.user.email).toBe(email);
  });
});

describe('POST /resend', () => {
  it('sends the confirmation again to an unconfirmed address only', async () => {
    const confirming = withConfig(h, (config) => {
      config.project.auth.email.enable_confirmations = true;
      config.project.auth.email.max_frequency = '0s';
    });
    const email = uniqueEmail();
    await call(confirming, 'POST', '/signup', { body: { email, password: GOOD_PASSWORD } });
    const first = linkAndCode(await latestMail(h, email));
    expect((await call(confirming, 'POST', '/resend', { body: { type: 'signup', email } })).body).toEqual({});
    const second = linkAndCode(await latestMail(h, email));
    expect(second.code === first.code && second.link.href === first.link.href).toBe(false);
    expect(fragmentOf(await openLink(h, first.link)).get('error_code')).toBe('otp_expired');
    expect(fragmentOf(await openLink(h, second.link)).get('access_token')).toBeTruthy();
    const count = (await mailsFor(h, email)).length;
    await call(confirming, 'POST', '/resend', { body: { type: 'signup', email } });
    expect((await mailsFor(h, email)).length).toBe(count);
    const bad = await call(confirming, 'POST', '/resend', { body: { type: 'other', email } });
    expect(bad.body).toEqual({
      code: 'validation_failed',
      message: 'Missing one of these types: signup, email_change, sms, phone_change',
    });
  });
});

describe('e-mail change (double_confirm_changes)', () => {
  async function startChange(target: Harness) {
    const email = uniqueEmail();
    await call(target, 'POST', '/admin/users', {
      token: target.keys.serviceRoleKey,
      body: { email, password: GOOD_PASSWORD, email_confirm: true },
    });
    const session = (
      await call(target, 'POST', '/token?grant_type=password', { body: { email, password: GOOD_PASSWORD } })
    ).body;
    const newEmail = uniqueEmail('moved');
    const started = await call(target, 'PUT', '/user', { token: session.access_token, body: { email: newEmail } });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ email, new_email: newEmail });
    const toOld = await latestMail(target, email);
    const toNew = await latestMail(target, newEmail);
    expect([toOld.kind, toNew.kind]).toEqual(['email_change', 'email_change']);
    return { email, newEmail, session, toOld, toNew };
  }

  async function expectChanged(target: Harness, accessToken: string, newEmail: string) {
    const user = await call(target, 'GET', '/user', { token: accessToken });
    expect(user.body.email).toBe(newEmail);
    expect(user.body.new_email).toBeUndefined();
    expect(user.body.identities[0].identity_data.email).toBe(newEmail);
    expect(
      (await call(target, 'POST', '/token?grant_type=password', { body: { email: newEmail, password: GOOD_PASSWORD } }))
        .status,
    ).toBe(200);
  }

  it('with confirmations on, changes the address once the links to both addresses are opened', async () => {
    const confirming = withConfig(h, (config) => {
      config.project.auth.email.enable_confirmations = true;
      config.project.auth.email.max_frequency = '0s';
    });
    const { email, newEmail, session, toOld, toNew } = await startChange(confirming);
    const first = await openLink(confirming, linkAndCode(toOld).link);
    expect(fragmentOf(first).get('message')).toBe(
      'Confirmation link accepted. Please proceed to confirm link sent to the other email',
    );
    expect((await call(confirming, 'GET', '/user', { token: session.access_token })).body.email).toBe(email);
    const second = fragmentOf(await openLink(confirming, linkAndCode(toNew).link));
    expect(second.get('type')).toBe('email_change');
    await expectChanged(confirming, second.get('access_token')!, newEmail);
  });

  it('with confirmations off (as GoTrue with autoconfirm), either link completes the change', async () => {
    const { newEmail, toNew } = await startChange(h);
    const opened = fragmentOf(await openLink(h, linkAndCode(toNew).link));
    await expectChanged(h, opened.get('access_token')!, newEmail);
  });

  it('accepts the code sent to the new address through POST /verify', async () => {
    const { newEmail, toNew } = await startChange(h);
    const { status, body } = await call(h, 'POST', '/verify', {
      body: { type: 'email_change', email: newEmail, token: linkAndCode(toNew).code },
    });
    expect(status).toBe(200);
    expect(body.user.email).toBe(newEmail);
  });
});

describe('reauthentication', () => {
  it('requires a code e-mailed by GET /reauthenticate for a password change when secure_password_change is on', async () => {
    const secure = withConfig(h, (config) => {
      config.project.auth.email.secure_password_change = true;
      config.project.auth.email.max_frequency = '0s';
    });
    const { email, session } = await signUpWithSession(secure);
    // A session signed in within the last 24 hours may change the password directly; an older one may not.
    await h.db.query("update auth.sessions set created_at = now() - interval '2 days' where user_id = $1::uuid", [
      session.user.id,
    ]);
    const refused = await call(secure, 'PUT', '/user', {
      token: session.access_token,
      body: { password: 'another-pass-3' },
    });
    expect([refused.status, refused.body.code]).toEqual([400, 'reauthentication_needed']);
    expect((await call(secure, 'GET', '/reauthenticate', { token: session.access_token })).status).toBe(200);
    const { code } = /Code: (?<code>\d{6})/.exec((await latestMail(h, email)).text)!.groups!;
    const wrong = await call(secure, 'PUT', '/user', {
      token: session.access_token,
      body: { password: 'another-pass-3', nonce: '000000' === code ? '111111' : '000000' },
    });
    expect([wrong.status, wrong.body.code]).toEqual([422, 'reauthentication_not_valid']);
    const ok = await call(secure, 'PUT', '/user', {
      token: session.access_token,
      body: { password: 'another-pass-3', nonce: code },
    });
    expect(ok.status).toBe(200);
    // The spent code leaves no trace on the user.
    expect(ok.body.reauthentication_sent_at).toBeUndefined();
  });

  it('texts the code to an account that has only a phone number', async () => {
    const secure = withConfig(h, (config) => {
      config.project.auth.email.secure_password_change = true;
      config.project.auth.sms.max_frequency = '0s';
    });
    const phone = `1558${Date.now().toString().slice(-7)}`;
    const signUp = await call(secure, 'POST', '/signup', { body: { phone, password: GOOD_PASSWORD } });
    const token = signUp.body.access_token;
    await h.db.query("update auth.sessions set created_at = now() - interval '2 days' where user_id = $1::uuid", [
      signUp.body.user.id,
    ]);
    const sent = await call(secure, 'GET', '/reauthenticate', { token });
    expect(sent.status).toBe(200);
    expect(sent.body.message_id).toMatch(/^\d+$/);
    const { code } = /(?<code>\d{6})/.exec((await latestMail(h, `+${phone}`)).text)!.groups!;
    const ok = await call(secure, 'PUT', '/user', { token, body: { password: 'another-pass-3', nonce: code } });
    expect(ok.status).toBe(200);
  });

  it('refuses an account with neither e-mail address nor phone number', async () => {
    const anonymous = withConfig(h, (config) => void (config.project.auth.enable_anonymous_sign_ins = true));
    const signedIn = await call(anonymous, 'POST', '/signup', { body: {} });
    const refused = await call(anonymous, 'GET', '/reauthenticate', { token: signedIn.body.access_token });
    expect([refused.status, refused.body]).toEqual([
      400,
      { code: 'validation_failed', message: 'Reauthentication requires the user to have an email or a phone number' },
    ]);
  });
});
