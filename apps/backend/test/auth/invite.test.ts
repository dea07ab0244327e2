// POST /invite (auth.admin.inviteUserByEmail) for addresses that already have an account, as GoTrue answers: an
// invited or signed-up address that is not confirmed yet gets a new invitation, a confirmed one is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../harness.ts';
import {
  call,
  fragmentOf,
  GOOD_PASSWORD,
  linkAndCode,
  mailsFor,
  openLink,
  uniqueEmail,
  withConfirmations,
} from './helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ configure: withConfirmations });
});
afterAll(() => h.close());

const invite = (email: string, data?: Record<string, unknown>, headers?: Record<string, string>) =>
  call(h, 'POST', '/invite', { token: h.keys.serviceRoleKey, body: { email, data }, headers });

describe('inviting an address again', () => {
  it('re-sends the invitation of an unconfirmed address: the new link works, the earlier one no longer does', async () => {
    const email = uniqueEmail('reinvited');
    const first = await invite(email, { full_name: 'Fay' });
    expect(first.status).toBe(200);
    const second = await invite(email, { full_name: 'Someone else' });
    expect(second.status).toBe(200);
    // The same account, whose metadata a second invitation does not change.
    expect(second.body).toMatchObject({ id: first.body.id, user_metadata: { full_name: 'Fay' } });
    expect(second.body.invited_at).toBeTruthy();

    const [latest, earlier] = await mailsFor(h, email);
    expect([latest.kind, earlier.kind]).toEqual(['invite', 'invite']);
    const stale = await openLink(h, linkAndCode(earlier).link);
    expect(fragmentOf(stale).get('error_code')).toBe('otp_expired');
    const accepted = fragmentOf(await openLink(h, linkAndCode(latest).link));
    expect(accepted.get('type')).toBe('invite');
    expect(accepted.get('access_token')).toBeTruthy();
  });

  it('sends an invitation to an address that signed up but never confirmed', async () => {
    const email = uniqueEmail('unconfirmed');
    const signUp = await call(h, 'POST', '/signup', { body: { email, password: GOOD_PASSWORD } });
    expect(signUp.status).toBe(200);
    const invited = await invite(email);
    expect(invited.status).toBe(200);
    expect(invited.body.id).toBe(signUp.body.id);
    const kinds = (await mailsFor(h, email)).map((mail) => mail.kind);
    expect(kinds).toEqual(['invite', 'confirmation']);
  });

  it('refuses a confirmed address with 422 email_exists in both API versions, sending nothing', async () => {
    const email = uniqueEmail('confirmed');
    await invite(email);
    await openLink(h, linkAndCode((await mailsFor(h, email))[0]).link);
    const current = await invite(email);
    expect([current.status, current.body]).toEqual([
      422,
      { code: 'email_exists', message: 'A user with this email address has already been registered' },
    ]);
    const initial = await invite(email, undefined, { 'x-supabase-api-version': '' });
    expect([initial.status, initial.body]).toEqual([
      422,
      { code: 422, error_code: 'email_exists', msg: 'A user with this email address has already been registered' },
    ]);
    expect(await mailsFor(h, email)).toHaveLength(1);
  });
});
