// POST /token: the password grant, refresh token rotation and reuse, and the PKCE code exchange.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../harness.ts';
import { call, GOOD_PASSWORD, signUpWithSession, uniqueEmail, withConfig } from './helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const passwordGrant = (email: string, password: string) =>
  call(h, 'POST', '/token?grant_type=password', { body: { email, password } });
const refresh = (refreshToken: string) =>
  call(h, 'POST', '/token?grant_type=refresh_token', { body: { refresh_token: refreshToken } });

describe('grant_type=password', () => {
  it('signs in with e-mail and password, in any letter case of the address', async () => {
    const { email, session } = await signUpWithSession(h);
    const { status, body } = await passwordGrant(email.toUpperCase(), GOOD_PASSWORD);
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { id: session.user.id } });
    expect(body.refresh_token).not.toBe(session.refresh_token);
    expect(body.weak_password).toBeUndefined();
  });

  it('answers a wrong password and an unknown address alike', async () => {
    const { email } = await signUpWithSession(h);
    const wrong = await passwordGrant(email, 'wrong-password-1');
    const unknown = await passwordGrant(uniqueEmail('nobody'), GOOD_PASSWORD);
    const expected = { code: 'invalid_credentials', message: 'Invalid login credentials' };
    expect([wrong.status, wrong.body]).toEqual([400, expected]);
    expect([unknown.status, unknown.body]).toEqual([400, expected]);
  });

  it('reports a password the current policy refuses, but still signs in', async () => {
    const email = uniqueEmail();
    const weak = withConfig(h, (config) => void (config.project.auth.minimum_password_length = 6));
    await call(weak, 'POST', '/signup', { body: { email, password: 'abcde12' } });
    const { status, body } = await passwordGrant(email, 'abcde12');
    expect(status).toBe(200);
    expect(body.weak_password).toEqual({ reasons: ['length'], message: 'Password should be at least 8 characters.' });
  });

  it('refuses an unknown grant type and a request without identifier', async () => {
    const unknown = await call(h, 'POST', '/token?grant_type=magic', { body: {} });
    expect([unknown.status, unknown.body]).toEqual([
      400,
      { code: 'invalid_credentials', message: 'unsupported_grant_type' },
    ]);
    const missing = await call(h, 'POST', '/token?grant_type=password', { body: { password: 'x' } });
    expect([missing.status, missing.body.code]).toEqual([400, 'validation_failed']);
  });
});

describe('grant_type=refresh_token', () => {
  it('rotates: a new refresh token each time, and the new one works', async () => {
    const { session } = await signUpWithSession(h);
    const first = await refresh(session.refresh_token);
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(session.refresh_token);
    expect(first.body.user.id).toBe(session.user.id);
    const second = await refresh(first.body.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
  });

  it('returns the current token when a spent one comes back within the reuse interval', async () => {
    const { session } = await signUpWithSession(h);
    const rotated = await refresh(session.refresh_token);
    const reused = await refresh(session.refresh_token);
    expect(reused.status).toBe(200);
    expect(reused.body.refresh_token).toBe(rotated.body.refresh_token);
  });

  it('revokes the whole session when a spent token comes back after the reuse interval', async () => {
    const { session } = await signUpWithSession(h);
    const rotated = await refresh(session.refresh_token);
    await h.db.query("update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1", [
      session.refresh_token,
    ]);
    const reused = await refresh(session.refresh_token);
    expect([reused.status, reused.body]).toEqual([
      400,
      { code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' },
    ]);
    const current = await refresh(rotated.body.refresh_token);
    expect([current.status, current.body.code]).toEqual([400, 'refresh_token_not_found']);
    const user = await call(h, 'GET', '/user', { token: rotated.body.access_token });
    expect([user.status, user.body.code]).toEqual([403, 'session_not_found']);
  });

  it('answers sign-in and refresh with the same user object as GET /user (identities and factors included)', async () => {
    const { email, password } = await signUpWithSession(h);
    const signIn = await call(h, 'POST', '/token?grant_type=password', { body: { email, password } });
    const user = await call(h, 'GET', '/user', { token: signIn.body.access_token });
    expect(signIn.body.user).toEqual(user.body);
    const refreshed = await refresh(signIn.body.refresh_token);
    expect({ ...refreshed.body.user, last_sign_in_at: undefined, updated_at: undefined }).toEqual({
      ...user.body,
      last_sign_in_at: undefined,
      updated_at: undefined,
    });
    expect(refreshed.body.user.identities).toHaveLength(1);
  });

  it('refuses unknown and missing refresh tokens', async () => {
    const unknown = await refresh('not-a-token');
    expect([unknown.status, unknown.body]).toEqual([
      400,
      { code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' },
    ]);
    const missing = await refresh('');
    expect(missing.status).toBe(400);
  });
});
