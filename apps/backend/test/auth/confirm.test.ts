// Sign-up with confirmations on: the confirmation e-mail, GET /verify redirects (implicit and PKCE), POST /verify.
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
  uniqueEmail,
} from './helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    configure: (config) => {
      config.project.auth.email.enable_confirmations = true;
      config.project.auth.email.max_frequency = '0s';
    },
  });
});
afterAll(() => h.close());

const signUp = (email: string, extra: Record<string, unknown> = {}, query = '') =>
  call(h, 'POST', `/signup${query}`, { body: { email, password: GOOD_PASSWORD, ...extra } });

describe('sign-up with confirmations on', () => {
  it('returns the user without a session and e-mails a link and a code, storing only their hash', async () => {
    const email = uniqueEmail();
    const { status, body } = await signUp(email, { data: { full_name: 'Cy' } });
    expect(status).toBe(200);
    expect(body.access_token).toBeUndefined();
    expect(body).toMatchObject({ email, user_metadata: { full_name: 'Cy' }, identities: [{ provider: 'email' }] });
    expect(body.confirmation_sent_at).toBeTruthy();
    expect(body.email_confirmed_at).toBeUndefined();

    const mail = await latestMail(h, email);
    expect(mail.kind).toBe('confirmation');
    const { link, code } = linkAndCode(mail);
    expect(`${link.origin}${link.pathname}`).toBe(`${h.config.apiExternalUrl}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe(h.config.project.auth.site_url);
    const hash = createHash('sha224')
      .update(email + code)
      .digest('hex');
    expect(link.searchParams.get('token')).toBe(hash);
    const { rows } = await h.db.query<{ confirmation_token: string; token_hash: string }>(
      `select u.confirmation_token, t.token_hash from auth.users u join auth.one_time_tokens t on t.user_id = u.id
       where u.email = $1 and t.token_type = 'confirmation_token'`,
      [email],
    );
    expect(rows).toEqual([{ confirmation_token: hash, token_hash: hash }]);
  });

  it('refuses a password sign-in until the address is confirmed', async () => {
    const email = uniqueEmail();
    await signUp(email);
    const { status, body } = await call(h, 'POST', '/token?grant_type=password', {
      body: { email, password: GOOD_PASSWORD },
    });
    expect([status, body]).toEqual([400, { code: 'email_not_confirmed', message: 'Email not confirmed' }]);
  });

  it('confirms through the link: a 303 to the redirect with the session in the fragment, once', async () => {
    const email = uniqueEmail();
    await signUp(email, {}, '?redirect_to=' + encodeURIComponent('http://127.0.0.1:3000/confirm?next=/projects'));
    const { link } = linkAndCode(await latestMail(h, email));
    const target = await openLink(h, link);
    expect(`${target.origin}${target.pathname}${target.search}`).toBe('http://127.0.0.1:3000/confirm?next=/projects');
    const fragment = fragmentOf(target);
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(Number(fragment.get('expires_in'))).toBe(3600);
    const user = await call(h, 'GET', '/user', { token: fragment.get('access_token')! });
    expect(user.body.email_confirmed_at).toBeTruthy();
    expect(user.body.user_metadata.email_verified).toBe(true);

    const again = await openLink(h, link);
    expect(`${again.origin}${again.pathname}`).toBe('http://127.0.0.1:3000/confirm');
    expect(Object.fromEntries(fragmentOf(again))).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    });
  });

  it('sends links only to allowed redirects, else to the site URL', async () => {
    const email = uniqueEmail();
    await signUp(email, {}, '?redirect_to=' + encodeURIComponent('https://evil.example/steal'));
    const { link } = linkAndCode(await latestMail(h, email));
    expect(link.searchParams.get('redirect_to')).toBe('http://127.0.0.1:3000');
  });

  it('refuses an expired link', async () => {
    const email = uniqueEmail();
    await signUp(email);
    await h.db.query("update auth.users set confirmation_sent_at = now() - interval '2 hours' where email = $1", [
      email,
    ]);
    const target = await openLink(h, linkAndCode(await latestMail(h, email)).link);
    expect(fragmentOf(target).get('error_code')).toBe('otp_expired');
  });

  it('answers a confirmed address with a look-alike user and sends nothing', async () => {
    const email = uniqueEmail();
    await signUp(email);
    await openLink(h, linkAndCode(await latestMail(h, email)).link);
    const before = (await mailsFor(h, email)).length;
    const { status, body } = await signUp(email);
    expect(status).toBe(200);
    expect(body.identities).toEqual([]);
    expect(body.email).toBe(email);
    expect((await mailsFor(h, email)).length).toBe(before);
  });
});

describe('POST /verify', () => {
  it('accepts the e-mailed code with the address', async () => {
    const email = uniqueEmail();
    await signUp(email);
    const { code } = linkAndCode(await latestMail(h, email));
    const wrong = await call(h, 'POST', '/verify', {
      body: { type: 'signup', email, token: code === '000000' ? '111111' : '000000' },
    });
    expect([wrong.status, wrong.body]).toEqual([
      403,
      { code: 'otp_expired', message: 'Token has expired or is invalid' },
    ]);
    const { status, body } = await call(h, 'POST', '/verify', { body: { type: 'email', email, token: code } });
    expect(status).toBe(200);
    expect(body.user.email_confirmed_at).toBeTruthy();
    expect(typeof body.access_token).toBe('string');
  });

  it('accepts the token hash of the link', async () => {
    const email = uniqueEmail();
    await signUp(email);
    const { link } = linkAndCode(await latestMail(h, email));
    const { status, body } = await call(h, 'POST', '/verify', {
      body: { type: 'signup', token_hash: link.searchParams.get('token') },
    });
    expect(status).toBe(200);
    expect(body.user.email).toBe(email);
  });

  it('validates its parameters', async () => {
    const missing = await call(h, 'POST', '/verify', { body: { type: 'signup' } });
    expect(missing.body).toEqual({
      code: 'validation_failed',
      message: 'Verify requires either a token or a token hash',
    });
    const both = await call(h, 'POST', '/verify', { body: { type: 'signup', token_hash: 'x', email: 'a@b.co' } });
    expect(both.body.message).toBe('Only the token_hash and type should be provided');
  });
});

describe('PKCE sign-up', () => {
  const verifier = 'a'.repeat(20) + '-pkce-verifier-' + 'b'.repeat(20);
  const challenge = createHash('sha256').update(verifier).digest('base64url');

  it('redirects with ?code= and exchanges the code with the verifier, once', async () => {
    const email = uniqueEmail();
    await signUp(email, { code_challenge: challenge, code_challenge_method: 's256' });
    const { link } = linkAndCode(await latestMail(h, email));
    expect(link.searchParams.get('token')).toMatch(/^pkce_[0-9a-f]{56}$/);
    const target = await openLink(h, link);
    const code = target.searchParams.get('code');
    expect(code).toBeTruthy();
    expect(target.hash).toBe('');

    const wrong = await call(h, 'POST', '/token?grant_type=pkce', {
      body: { auth_code: code, code_verifier: 'x'.repeat(50) },
    });
    expect([wrong.status, wrong.body]).toEqual([
      400,
      { code: 'bad_code_verifier', message: 'code challenge does not match previously saved code verifier' },
    ]);
    const { status, body } = await call(h, 'POST', '/token?grant_type=pkce', {
      body: { auth_code: code, code_verifier: verifier },
    });
    expect(status).toBe(200);
    expect(body.user.email).toBe(email);
    expect((await h.keys.verify(body.access_token)).amr).toEqual([
      { method: 'email/signup', timestamp: expect.any(Number) },
    ]);
    const reused = await call(h, 'POST', '/token?grant_type=pkce', {
      body: { auth_code: code, code_verifier: verifier },
    });
    expect([reused.status, reused.body.code]).toEqual([404, 'flow_state_not_found']);
  });

  it('supports the plain method', async () => {
    const email = uniqueEmail();
    await signUp(email, { code_challenge: verifier, code_challenge_method: 'plain' });
    const target = await openLink(h, linkAndCode(await latestMail(h, email)).link);
    const exchange = await call(h, 'POST', '/token?grant_type=pkce', {
      body: { auth_code: target.searchParams.get('code'), code_verifier: verifier },
    });
    expect(exchange.status).toBe(200);
  });

  it('reports a bad PKCE link in the query as well as the fragment', async () => {
    const target = await openLink(h, new URL(`${h.config.apiExternalUrl}/auth/v1/verify?token=pkce_nope&type=signup`));
    expect(target.searchParams.get('error_code')).toBe('otp_expired');
    expect(fragmentOf(target).get('error_code')).toBe('otp_expired');
  });
});
