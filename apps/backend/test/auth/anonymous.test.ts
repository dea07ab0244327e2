// Anonymous sign-in (supabase.auth.signInAnonymously) when [auth] enable_anonymous_sign_ins is on; GoTrue's error
// when it is off; an anonymous user becomes permanent by confirming an e-mail address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../harness.ts';
import { call, decodeClaims, latestMail, linkAndCode, supabaseJs, uniqueEmail, withConfig } from './helpers.ts';

let h: Harness;
let enabled: Harness;
beforeAll(async () => {
  h = await createHarness();
  enabled = withConfig(h, (config) => {
    config.project.auth.enable_anonymous_sign_ins = true;
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
    expect(data.user?.identities).toEqual([]);
    const claims = decodeClaims(data.session!.access_token);
    expect(claims).toMatchObject({ is_anonymous: true, role: 'authenticated', aal: 'aal1' });
    expect(claims.amr.map((m: { method: string }) => m.method)).toEqual(['anonymous']);
    expect((await supabase.auth.getUser()).data.user?.id).toBe(data.user!.id);
  });

  it('becomes a permanent user by confirming an e-mail address', async () => {
    const supabase = client(enabled);
    await supabase.auth.signInAnonymously();
    const email = uniqueEmail('anon');
    const update = await supabase.auth.updateUser({ email });
    expect(update.error).toBeNull();
    const { code } = linkAndCode(await latestMail(h, email));
    const verified = await supabase.auth.verifyOtp({ email, token: code, type: 'email_change' });
    expect(verified.error).toBeNull();
    expect(verified.data.user).toMatchObject({ email, is_anonymous: false });
  });
});
