// Two-factor authentication with TOTP through supabase-js's auth.mfa: enrolment (QR code, secret, URI), challenge
// and verify raising the session to aal2, the assurance level the client computes, unenrolment rules, and the
// admin API's factor endpoints.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTotpCode } from '../../src/auth/mfa/totp.ts';
import { createHarness, type Harness } from '../harness.ts';
import { call, decodeClaims, GOOD_PASSWORD, supabaseJs, uniqueEmail } from './helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

function client(key = h.keys.anonKey): SupabaseClient {
  return supabaseJs(h, key);
}

async function signedUp(): Promise<{ supabase: SupabaseClient; email: string; id: string }> {
  const supabase = client();
  const email = uniqueEmail('mfa');
  const { data, error } = await supabase.auth.signUp({ email, password: GOOD_PASSWORD });
  if (error || !data.user) throw error ?? new Error('no user');
  return { supabase, email, id: data.user.id };
}

async function signedIn(email: string): Promise<SupabaseClient> {
  const supabase = client();
  const { error } = await supabase.auth.signInWithPassword({ email, password: GOOD_PASSWORD });
  if (error) throw error;
  return supabase;
}

/** Enrols and verifies a TOTP factor; returns its id and secret. */
async function withVerifiedFactor(supabase: SupabaseClient, friendlyName = 'Phone app') {
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName });
  if (error || !data || data.type !== 'totp') throw error ?? new Error('no factor');
  const verified = await supabase.auth.mfa.challengeAndVerify({
    factorId: data.id,
    code: currentTotpCode(data.totp.secret),
  });
  if (verified.error) throw verified.error;
  return { factorId: data.id, secret: data.totp.secret };
}

describe('auth.mfa with a TOTP factor', () => {
  it('refuses to change the password or e-mail of an account with a factor from an aal1 session', async () => {
    const { supabase, email } = await signedUp();
    await withVerifiedFactor(supabase);
    const aal1 = await signedIn(email);
    for (const change of [{ password: 'another-Pass-93' }, { email: uniqueEmail('taken-over') }]) {
      const { error } = await aal1.auth.updateUser(change);
      expect(error?.status).toBe(401);
      expect(error?.code).toBe('insufficient_aal');
      expect(error?.message).toBe('AAL2 session is required to update email or password when MFA is enabled.');
    }
    expect((await aal1.auth.updateUser({ data: { nickname: 'still fine' } })).error).toBeNull();
    const aal2 = await supabase.auth.updateUser({ password: 'another-Pass-93' });
    expect(aal2.error).toBeNull();
  });

  it('enrols a factor with an SVG QR code, a secret and an otpauth URI naming the site', async () => {
    const { supabase, email } = await signedUp();
    const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Laptop' });
    expect(error).toBeNull();
    if (data?.type !== 'totp') throw new Error('expected a totp factor');
    expect(data.friendly_name).toBe('Laptop');
    expect(data.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    expect(data.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(data.totp.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/127.0.0.1:3000:${email}`);
    expect(uri.searchParams.get('secret')).toBe(data.totp.secret);
    expect(uri.searchParams.get('issuer')).toBe('127.0.0.1:3000');

    const factors = await supabase.auth.mfa.listFactors();
    expect(factors.data?.all.map((f) => [f.id, f.status, f.factor_type])).toEqual([[data.id, 'unverified', 'totp']]);
    expect(factors.data?.totp).toEqual([]);
    const aal = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });

  it('verifying a code raises the session to aal2 with totp in amr, and a refresh keeps it', async () => {
    const { supabase } = await signedUp();
    const { factorId } = await withVerifiedFactor(supabase);
    const aal = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data?.currentLevel).toBe('aal2');
    expect(aal.data?.nextLevel).toBe('aal2');
    expect(aal.data?.currentAuthenticationMethods.map((m) => (typeof m === 'string' ? m : m.method)).sort()).toEqual([
      'password',
      'totp',
    ]);
    const factors = await supabase.auth.mfa.listFactors();
    expect(factors.data?.totp.map((f) => [f.id, f.status])).toEqual([[factorId, 'verified']]);

    const refreshed = await supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeClaims(refreshed.data.session!.access_token)).toMatchObject({ aal: 'aal2' });
  });

  it('a new sign-in is aal1 with aal2 next; it cannot unenrol the factor or enrol another until it verifies', async () => {
    const { supabase, email } = await signedUp();
    const { factorId, secret } = await withVerifiedFactor(supabase);
    const second = await signedIn(email);
    const aal = await second.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });

    const unenroll = await second.auth.mfa.unenroll({ factorId });
    expect(unenroll.error?.code).toBe('insufficient_aal');
    expect(unenroll.error?.status).toBe(422);
    const enroll = await second.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Another' });
    expect(enroll.error?.code).toBe('insufficient_aal');
    expect(enroll.error?.status).toBe(403);

    const verified = await second.auth.mfa.challengeAndVerify({ factorId, code: currentTotpCode(secret) });
    expect(verified.error).toBeNull();
    const removed = await second.auth.mfa.unenroll({ factorId });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factorId });
    // The session that the factor raised falls back to aal1 with its next refresh.
    const refreshed = await second.auth.refreshSession();
    expect(decodeClaims(refreshed.data.session!.access_token).aal).toBe('aal1');
    expect((await second.auth.mfa.listFactors()).data?.all).toEqual([]);
  });

  it('refuses a wrong code, a spent challenge, another user’s factor and a duplicate name with GoTrue’s codes', async () => {
    const { supabase } = await signedUp();
    const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Keys' });
    if (enrolled.data?.type !== 'totp') throw new Error('expected a totp factor');
    const factorId = enrolled.data.id;
    const challenge = await supabase.auth.mfa.challenge({ factorId });
    expect(challenge.data?.type).toBe('totp');
    expect(challenge.data!.expires_at).toBeGreaterThan(Date.now() / 1000 + 200);
    const wrong = await supabase.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: '000000' });
    const right = currentTotpCode(enrolled.data.totp.secret);
    expect(wrong.error?.code).toBe(right === '000000' ? undefined : 'mfa_verification_failed');
    const ok = await supabase.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: right });
    expect(ok.error).toBeNull();
    const again = await supabase.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: right });
    expect(again.error?.code).toBe('mfa_ip_address_mismatch');

    const duplicate = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Keys' });
    expect(duplicate.error?.code).toBe('mfa_factor_name_conflict');

    const other = await signedUp();
    const foreign = await other.supabase.auth.mfa.challenge({ factorId });
    expect(foreign.error?.code).toBe('mfa_factor_not_found');
    expect(foreign.error?.status).toBe(404);
    const phone = await other.supabase.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
    expect(phone.error?.code).toBe('mfa_phone_enroll_not_enabled');
  });

  it('ends the other aal1 sessions of the user when a factor is verified', async () => {
    const { supabase, email } = await signedUp();
    const other = await signedIn(email);
    const { data } = await other.auth.getSession();
    await withVerifiedFactor(supabase);
    const user = await call(h, 'GET', '/user', { token: data.session!.access_token });
    expect([user.status, user.body.code]).toEqual([403, 'session_not_found']);
  });
});

describe('admin MFA endpoints', () => {
  it('lists and deletes a user’s factors with the service role', async () => {
    const { supabase, id } = await signedUp();
    const { factorId } = await withVerifiedFactor(supabase);
    const admin = client(h.keys.serviceRoleKey);
    const listed = await admin.auth.admin.mfa.listFactors({ userId: id });
    expect(listed.error).toBeNull();
    expect(listed.data?.factors.map((f) => [f.id, f.status, f.friendly_name])).toEqual([
      [factorId, 'verified', 'Phone app'],
    ]);
    const denied = await call(h, 'GET', `/admin/users/${id}/factors`, {
      token: (await supabase.auth.getSession()).data.session!.access_token,
    });
    expect(denied.status).toBe(403);

    const deleted = await admin.auth.admin.mfa.deleteFactor({ userId: id, id: factorId });
    expect(deleted.error).toBeNull();
    expect((await admin.auth.admin.mfa.listFactors({ userId: id })).data?.factors).toEqual([]);
    const refreshed = await supabase.auth.refreshSession();
    expect(decodeClaims(refreshed.data.session!.access_token).aal).toBe('aal1');
    const missing = await call(h, 'DELETE', `/admin/users/${id}/factors/${factorId}`, {
      token: h.keys.serviceRoleKey,
    });
    expect([missing.status, missing.body.code]).toEqual([404, 'mfa_factor_not_found']);
  });
});
