// GET /user, PUT /user and POST /logout: the bearer token guard, changes to the account, and sign-out scopes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../harness.ts';
import { call, GOOD_PASSWORD, signUpWithSession, uniqueEmail } from './helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const signIn = async (email: string, password = GOOD_PASSWORD) =>
  (await call(h, 'POST', '/token?grant_type=password', { body: { email, password } })).body;

describe('the bearer token guard', () => {
  it('returns the signed-in user', async () => {
    const { session, email } = await signUpWithSession(h);
    const { status, body } = await call(h, 'GET', '/user', { token: session.access_token });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: session.user.id, email, identities: [{ provider: 'email' }] });
  });

  it('refuses requests without a bearer token, with a bad one, or with a key that names no user', async () => {
    const none = await call(h, 'GET', '/user');
    expect([none.status, none.body]).toEqual([
      401,
      { code: 'no_authorization', message: 'This endpoint requires a Bearer token' },
    ]);
    const garbage = await call(h, 'GET', '/user', { token: 'abc.def.ghi' });
    expect([garbage.status, garbage.body.code]).toEqual([403, 'bad_jwt']);
    expect(garbage.body.message).toBe(
      'invalid JWT: unable to parse or verify signature, token is malformed: could not JSON decode header',
    );
    const twoParts = await call(h, 'GET', '/user', { token: 'abc.def' });
    expect(twoParts.body.message).toBe(
      'invalid JWT: unable to parse or verify signature, token is malformed: token contains an invalid number of segments',
    );
    const expired = await h.keys.sign(
      { sub: '6b0b6d4c-1d2e-4f7a-9a55-0f1e2d3c4b5a', role: 'authenticated', exp: 1 },
      -10,
    );
    const old = await call(h, 'GET', '/user', { token: expired });
    expect([old.status, old.body.message]).toEqual([
      403,
      'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
    ]);
    const anon = await call(h, 'GET', '/user', { token: h.keys.anonKey });
    expect([anon.status, anon.body]).toEqual([403, { code: 'bad_jwt', message: 'invalid claim: missing sub claim' }]);
  });

  it('refuses a token whose user was deleted', async () => {
    const { session } = await signUpWithSession(h);
    await h.db.query('delete from auth.users where id = $1::uuid', [session.user.id]);
    const { status, body } = await call(h, 'GET', '/user', { token: session.access_token });
    expect([status, body.code]).toEqual([403, 'user_not_found']);
  });
});

describe('PUT /user', () => {
  it('merges user metadata: new keys added, null removes a key', async () => {
    const { session } = await signUpWithSession(h, uniqueEmail(), GOOD_PASSWORD, { full_name: 'Bo', team: 'x' });
    const { status, body } = await call(h, 'PUT', '/user', {
      token: session.access_token,
      body: { data: { team: null, title: 'Lead' } },
    });
    expect(status).toBe(200);
    expect(body.user_metadata).toEqual({ full_name: 'Bo', title: 'Lead', email_verified: true });
  });

  it('changes the password under the same policy and signs other devices out', async () => {
    const { session, email } = await signUpWithSession(h);
    const other = await signIn(email);
    const weak = await call(h, 'PUT', '/user', { token: session.access_token, body: { password: 'short' } });
    expect([weak.status, weak.body.code, weak.body.weak_password.reasons]).toEqual([
      422,
      'weak_password',
      ['length', 'characters'],
    ]);
    const same = await call(h, 'PUT', '/user', { token: session.access_token, body: { password: GOOD_PASSWORD } });
    expect([same.status, same.body.code]).toEqual([422, 'same_password']);

    const changed = await call(h, 'PUT', '/user', {
      token: session.access_token,
      body: { password: 'brand-new-pass-9' },
    });
    expect(changed.status).toBe(200);
    expect(
      (await call(h, 'POST', '/token?grant_type=password', { body: { email, password: GOOD_PASSWORD } })).status,
    ).toBe(400);
    expect(
      (await call(h, 'POST', '/token?grant_type=password', { body: { email, password: 'brand-new-pass-9' } })).status,
    ).toBe(200);
    expect((await call(h, 'GET', '/user', { token: session.access_token })).status).toBe(200);
    expect((await call(h, 'GET', '/user', { token: other.access_token })).body.code).toBe('session_not_found');
  });

  it('refuses app_metadata from the user and an address already taken', async () => {
    const { session } = await signUpWithSession(h);
    const { email: taken } = await signUpWithSession(h);
    const app = await call(h, 'PUT', '/user', { token: session.access_token, body: { app_metadata: { admin: true } } });
    expect([app.status, app.body.code]).toEqual([403, 'not_admin']);
    const dup = await call(h, 'PUT', '/user', { token: session.access_token, body: { email: taken } });
    expect([dup.status, dup.body]).toEqual([
      422,
      { code: 'email_exists', message: 'A user with this email address has already been registered' },
    ]);
  });
});

describe('POST /logout', () => {
  async function threeSessions() {
    const { email, session } = await signUpWithSession(h);
    return [session, await signIn(email), await signIn(email)];
  }
  const alive = async (token: string) => (await call(h, 'GET', '/user', { token })).status === 200;
  const refreshes = async (token: string) =>
    (await call(h, 'POST', '/token?grant_type=refresh_token', { body: { refresh_token: token } })).status === 200;

  it('scope=local ends only the current session', async () => {
    const [a, b] = await threeSessions();
    expect((await call(h, 'POST', '/logout?scope=local', { token: a.access_token })).status).toBe(204);
    expect([await alive(a.access_token), await alive(b.access_token)]).toEqual([false, true]);
    expect(await refreshes(a.refresh_token)).toBe(false);
  });

  it('scope=others ends every session but the current one', async () => {
    const [a, b, c] = await threeSessions();
    expect((await call(h, 'POST', '/logout?scope=others', { token: a.access_token })).status).toBe(204);
    expect([await alive(a.access_token), await alive(b.access_token), await alive(c.access_token)]).toEqual([
      true,
      false,
      false,
    ]);
    expect(await refreshes(b.refresh_token)).toBe(false);
  });

  it('scope=global (the default) ends every session', async () => {
    const [a, b] = await threeSessions();
    expect((await call(h, 'POST', '/logout', { token: a.access_token })).status).toBe(204);
    expect([await alive(a.access_token), await alive(b.access_token)]).toEqual([false, false]);
    expect(await refreshes(b.refresh_token)).toBe(false);
  });

  it('refuses an unknown scope', async () => {
    const [a] = await threeSessions();
    const { status, body } = await call(h, 'POST', '/logout?scope=everything', { token: a.access_token });
    expect([status, body]).toEqual([
      400,
      { code: 'validation_failed', message: 'Unsupported logout scope "everything"' },
    ]);
  });
});
