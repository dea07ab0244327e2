// The password policy: config.toml's minimum length and character classes plus, with [auth] password_hibp_enabled
// (on in this project), the bundled list of the most common passwords; weak_password names every reason, on
// sign-up, on a password change, and (as a warning) on sign-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCommonPassword } from '../../src/auth/passwords/common.ts';
import { createHarness, type Harness } from '../harness.ts';
import { call, signUpWithSession, uniqueEmail, withConfig } from './helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const signup = (password: string, target = h) =>
  call(target, 'POST', '/signup', { body: { email: uniqueEmail('policy'), password } });

describe('weak_password', () => {
  it('refuses a common password that meets length and character rules, with the pwned reason', async () => {
    const { status, body } = await signup('password1');
    expect(status).toBe(422);
    expect(body).toEqual({
      code: 'weak_password',
      message: 'Password is known to be weak and easy to guess, please choose a different one.',
      weak_password: { reasons: ['pwned'] },
    });
    // Case does not make a common password uncommon.
    expect((await signup('PassWord1')).body.weak_password.reasons).toEqual(['pwned']);
  });

  it('lists every reason at once', async () => {
    const { body } = await signup('qwerty');
    expect(body.weak_password.reasons).toEqual(['length', 'characters', 'pwned']);
    expect(body.message).toBe(
      'Password should be at least 8 characters. Password should contain at least one character of each: ' +
        'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789. ' +
        'Password is known to be weak and easy to guess, please choose a different one.',
    );
  });

  it('follows the configured length and character classes', async () => {
    const strict = withConfig(h, (config) => {
      config.project.auth.minimum_password_length = 12;
      config.project.auth.password_requirements = 'lower_upper_letters_digits_symbols';
    });
    const { body } = await signup('Unusual-pass7', strict);
    expect(body.access_token).toBeTruthy();
    const weak = await signup('unusualpass7', strict);
    expect(weak.body.weak_password.reasons).toEqual(['characters']);
    expect((await signup('Un-usual-7', strict)).body.weak_password.reasons).toEqual(['length']);
  });

  it('applies to a password change', async () => {
    const { session } = await signUpWithSession(h);
    const changed = await call(h, 'PUT', '/user', { token: session.access_token, body: { password: 'iloveyou1' } });
    expect([changed.status, changed.body.weak_password?.reasons]).toEqual([422, ['pwned']]);
  });

  it('warns on sign-in when a stored password has become weak, and still signs in', async () => {
    const email = uniqueEmail('old');
    const created = await call(h, 'POST', '/admin/users', {
      token: h.keys.serviceRoleKey,
      body: { email, password: 'sunshine1', email_confirm: true },
    });
    expect(created.status).toBe(200);
    const signIn = await call(h, 'POST', '/token?grant_type=password', { body: { email, password: 'sunshine1' } });
    expect(signIn.status).toBe(200);
    expect(signIn.body.weak_password).toEqual({
      message: 'Password is known to be weak and easy to guess, please choose a different one.',
      reasons: ['pwned'],
    });
  });

  it('accepts a common password while password_hibp_enabled is off, as GoTrue does by default', async () => {
    const plain = withConfig(h, (config) => {
      config.project.auth.minimum_password_length = 6;
      config.project.auth.password_requirements = '';
      config.project.auth.password_hibp_enabled = false;
    });
    const { status, body } = await signup('password123', plain);
    expect(status).toBe(200);
    expect(body.access_token).toBeTruthy();
    expect((await signup('12345', plain)).body.weak_password.reasons).toEqual(['length']);
  });

  it('reports an invalid address whatever the password once the password meets the policy', async () => {
    const plain = withConfig(h, (config) => {
      config.project.auth.minimum_password_length = 6;
      config.project.auth.password_requirements = '';
      config.project.auth.password_hibp_enabled = false;
    });
    const { status, body } = await call(plain, 'POST', '/signup', { body: { email: 'a', password: '123456' } });
    expect([status, body]).toEqual([
      400,
      { code: 'validation_failed', message: 'Unable to validate email address: invalid format' },
    ]);
  });

  it('knows the most common passwords and not ordinary phrases', () => {
    for (const common of ['123456', 'password', 'qwerty123', 'letmein', 'Iloveyou'])
      expect(isCommonPassword(common)).toBe(true);
    for (const rare of ['correct-horse-7', 'Sturdy-pass-42', 'teamplan planning 2026']) {
      expect(isCommonPassword(rare)).toBe(false);
    }
  });
});
