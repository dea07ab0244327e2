// POST /signup with confirmations off (the embedded default): sessions, metadata, password policy, errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../harness.ts';
import { call, decodeClaims, GOOD_PASSWORD, uniqueEmail, withConfig } from './helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('POST /signup with confirmations off', () => {
  it('creates a confirmed user with its metadata and identity and returns a session', async () => {
    const email = uniqueEmail('Ann');
    const { status, body } = await call(h, 'POST', '/signup', {
      body: { email, password: GOOD_PASSWORD, data: { full_name: 'Ann Smith' } },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(typeof body.refresh_token).toBe('string');
    expect(body.expires_at).toBe(decodeClaims(body.access_token).exp);
    expect(body.user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email: email.toLowerCase(),
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Ann Smith', email_verified: true },
      is_anonymous: false,
    });
    expect(body.user.email_confirmed_at).toBeTruthy();
    expect(body.user.identities).toHaveLength(1);
    expect(body.user.identities[0]).toMatchObject({ provider: 'email', id: body.user.id, user_id: body.user.id });
    const { rows } = await h.db.query<{ meta: Record<string, unknown> }>(
      'select raw_user_meta_data as meta from auth.users where id = $1::uuid',
      [body.user.id],
    );
    expect(rows[0].meta.full_name).toBe('Ann Smith');
  });

  it('signs access tokens with the claims GoTrue puts in them', async () => {
    const { body } = await call(h, 'POST', '/signup', { body: { email: uniqueEmail(), password: GOOD_PASSWORD } });
    const claims = await h.keys.verify(body.access_token);
    expect(claims).toMatchObject({
      iss: `${h.config.apiExternalUrl}/auth/v1`,
      sub: body.user.id,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      email: body.user.email,
      phone: '',
      is_anonymous: false,
      app_metadata: { provider: 'email' },
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(typeof claims.session_id).toBe('string');
  });

  it('refuses an address that already has an account', async () => {
    const email = uniqueEmail();
    await call(h, 'POST', '/signup', { body: { email, password: GOOD_PASSWORD } });
    const again = await call(h, 'POST', '/signup', { body: { email: email.toUpperCase(), password: GOOD_PASSWORD } });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ code: 'user_already_exists', message: 'User already registered' });
  });

  it('lists every reason a password is weak (minimum 8, letters and digits in this project)', async () => {
    const { status, body } = await call(h, 'POST', '/signup', { body: { email: uniqueEmail(), password: 'abc' } });
    expect(status).toBe(422);
    expect(body.code).toBe('weak_password');
    expect(body.weak_password.reasons).toEqual(['length', 'characters']);
    expect(body.message).toBe(
      'Password should be at least 8 characters. Password should contain at least one character of each: ' +
        'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.',
    );
    const onlyLength = await call(h, 'POST', '/signup', { body: { email: uniqueEmail(), password: 'ab1' } });
    expect(onlyLength.body.weak_password.reasons).toEqual(['length']);
  });

  it('answers in the initial error shape when no API version is sent', async () => {
    const { status, body, headers } = await call(h, 'POST', '/signup', {
      body: { email: uniqueEmail(), password: 'abcdefghqz' },
      headers: { 'x-supabase-api-version': '' },
    });
    expect(status).toBe(422);
    expect(body).toEqual({
      code: 422,
      error_code: 'weak_password',
      msg: 'Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.',
      weak_password: { reasons: ['characters'] },
    });
    expect(headers.get('x-supabase-api-version')).toBeNull();
  });

  it('echoes the API version it answered with', async () => {
    const { headers } = await call(h, 'POST', '/signup', {
      body: { email: 'not-an-address', password: GOOD_PASSWORD },
    });
    expect(headers.get('x-supabase-api-version')).toBe('2024-01-01');
  });

  it('validates the request with GoTrue messages', async () => {
    const cases: Array<[unknown, number, string, string]> = [
      [{ email: uniqueEmail() }, 400, 'validation_failed', 'Signup requires a valid password'],
      [
        { email: 'nope', password: GOOD_PASSWORD },
        400,
        'validation_failed',
        'Unable to validate email address: invalid format',
      ],
      [
        { email: uniqueEmail(), phone: '15551234567', password: GOOD_PASSWORD },
        400,
        'validation_failed',
        'Only an email address or phone number should be provided on signup.',
      ],
      // Without e-mail and phone it is an anonymous sign-in, off unless configured (as in GoTrue).
      [{ password: GOOD_PASSWORD }, 422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled'],
      [
        { email: uniqueEmail(), password: GOOD_PASSWORD, code_challenge: 'short', code_challenge_method: 's256' },
        400,
        'validation_failed',
        'code challenge has to be between 43 and 128 characters',
      ],
      [
        { email: 42, password: GOOD_PASSWORD },
        400,
        'bad_json',
        'Could not parse request body as JSON: field "email" has the wrong type',
      ],
      ['{not json', 400, 'bad_json', 'Could not parse request body as JSON: invalid character in JSON input'],
      ['', 400, 'bad_json', 'Could not parse request body as JSON: unexpected end of JSON input'],
    ];
    for (const [body, status, code, message] of cases) {
      const result = await call(h, 'POST', '/signup', { body });
      expect({ body, status: result.status, response: result.body }).toEqual({
        body,
        status,
        response: { code, message },
      });
    }
  });

  it('creates phone accounts, confirmed at once since no SMS provider is configured', async () => {
    const phone = `1555${String(Date.now()).slice(-7)}`;
    const { status, body } = await call(h, 'POST', '/signup', {
      body: { phone: `+${phone}`, password: GOOD_PASSWORD },
    });
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ phone, email: '', app_metadata: { provider: 'phone', providers: ['phone'] } });
    expect(body.user.phone_confirmed_at).toBeTruthy();
    const login = await call(h, 'POST', '/token?grant_type=password', {
      body: { phone: `+${phone}`, password: GOOD_PASSWORD },
    });
    expect(login.status).toBe(200);
  });
});

describe('sign-up switches of config.toml', () => {
  it('refuses sign-ups when [auth] enable_signup is false', async () => {
    const closed = withConfig(h, (config) => void (config.project.auth.enable_signup = false));
    const { status, body } = await call(closed, 'POST', '/signup', {
      body: { email: uniqueEmail(), password: GOOD_PASSWORD },
    });
    expect(status).toBe(422);
    expect(body).toEqual({ code: 'signup_disabled', message: 'Signups not allowed for this instance' });
    const settings = await call(closed, 'GET', '/settings');
    expect(settings.body.disable_signup).toBe(true);
  });

  it('refuses e-mail sign-ups when [auth.email] enable_signup is false', async () => {
    const closed = withConfig(h, (config) => void (config.project.auth.email.enable_signup = false));
    const { status, body } = await call(closed, 'POST', '/signup', {
      body: { email: uniqueEmail(), password: GOOD_PASSWORD },
    });
    expect(status).toBe(422);
    expect(body.code).toBe('signup_disabled');
  });
});

describe('signing up again before confirming', () => {
  const confirming = () =>
    withConfig(h, (config) => {
      config.project.auth.email.enable_confirmations = true;
      config.project.auth.email.max_frequency = '0s';
      config.project.auth.sms.enable_confirmations = true;
      config.project.auth.sms.max_frequency = '0s';
    });

  it('an invited address answers without what the inviter stored about its owner', async () => {
    const target = confirming();
    const email = uniqueEmail('invited');
    const invited = await call(target, 'POST', '/invite', {
      token: h.keys.serviceRoleKey,
      body: { email, data: { salary: 'secret' } },
    });
    expect(invited.body.user_metadata).toEqual({ salary: 'secret' });
    const signUp = await call(target, 'POST', '/signup', { body: { email, password: GOOD_PASSWORD } });
    expect(signUp.status).toBe(200);
    expect(signUp.body).toMatchObject({ email, user_metadata: {}, identities: [] });
  });

  it('an unconfirmed number is texted a new code', async () => {
    const target = confirming();
    const phone = `1556${Date.now().toString().slice(-7)}`;
    const first = await call(target, 'POST', '/signup', { body: { phone, password: GOOD_PASSWORD } });
    const again = await call(target, 'POST', '/signup', { body: { phone, password: GOOD_PASSWORD } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const texts = await h.request(`/mailbox/messages?to=${encodeURIComponent(`+${phone}`)}`, { apikey: null });
    expect(((await texts.json()) as unknown[]).length).toBe(2);
  });

  it('refuses a channel other than sms for a number, with GoTrue message', async () => {
    const refused = await call(h, 'POST', '/signup', {
      body: { phone: `1557${Date.now().toString().slice(-7)}`, password: GOOD_PASSWORD, channel: 'pigeon' },
    });
    expect([refused.status, refused.body]).toEqual([
      400,
      { code: 'validation_failed', message: "Invalid channel, supported values are 'sms' or 'whatsapp'" },
    ]);
  });
});
