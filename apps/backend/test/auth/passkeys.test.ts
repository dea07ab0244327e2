// Passkeys through supabase-js's auth.passkey and auth.admin.passkey, with a software authenticator producing real
// attestations and assertions: registration, sign-in without a password, listing, renaming and deleting, GoTrue's
// refusals (passkeys off, a replayed or expired challenge, another origin, aal1 with a verified second factor).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTotpCode } from '../../src/auth/mfa/totp.ts';
import { createHarness, type Harness } from '../harness.ts';
import { decodeClaims, GOOD_PASSWORD, supabaseJs, uniqueEmail, withConfig } from './helpers.ts';
import { SoftwareAuthenticator, type CreationOptions, type RequestOptions } from './software-authenticator.ts';

const ORIGIN = 'http://localhost:3000';
let h: Harness;
let passkeys: Harness;
beforeAll(async () => {
  h = await createHarness();
  passkeys = withConfig(h, (config) => {
    config.project.auth.passkey.enabled = true;
    config.project.auth.webauthn = { rp_id: 'localhost', rp_display_name: 'Teamplan', rp_origins: [ORIGIN] };
  });
});
afterAll(() => h.close());

function client(target: Harness, key = target.keys.anonKey): SupabaseClient {
  return supabaseJs(target, key);
}

async function signedUp() {
  const supabase = client(passkeys);
  const email = uniqueEmail('passkey');
  const { data, error } = await supabase.auth.signUp({ email, password: GOOD_PASSWORD });
  if (error || !data.user) throw error ?? new Error('no user');
  return { supabase, email, id: data.user.id };
}

/** The HTTP status of an auth error (supabase-js types passkey errors as possibly WebAuthn ones). */
const statusOf = (error: unknown) => (error as { status?: number } | null)?.status;

/** The whole registration ceremony through supabase-js's two-step methods. */
async function register(supabase: SupabaseClient, authenticator: SoftwareAuthenticator) {
  const { data: start, error } = await supabase.auth.passkey.startRegistration();
  if (error || !start) throw error ?? new Error('no options');
  const credential = authenticator.create(start.options as unknown as CreationOptions).toJSON();
  return supabase.auth.passkey.verifyRegistration({ challengeId: start.challenge_id, credential: credential as never });
}

async function signInWith(authenticator: SoftwareAuthenticator) {
  const supabase = client(passkeys);
  const { data: start, error } = await supabase.auth.passkey.startAuthentication();
  if (error || !start) throw error ?? new Error('no options');
  const credential = authenticator.get(start.options as unknown as RequestOptions).toJSON();
  const result = await supabase.auth.passkey.verifyAuthentication({
    challengeId: start.challenge_id,
    credential: credential as never,
  });
  return { supabase, ...result };
}

describe('passkeys', () => {
  it('are refused while [auth.passkey] is off', async () => {
    const { data, error } = await client(h).auth.passkey.startAuthentication();
    expect(data).toBeNull();
    expect([error?.status, error?.code, error?.message]).toEqual([404, 'passkey_disabled', 'Passkeys are disabled']);
  });

  it('registers a passkey and signs in with it, without a password', async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const { supabase, email, id } = await signedUp();
    const { data: start } = await supabase.auth.passkey.startRegistration();
    expect(start!.options).toMatchObject({
      rp: { id: 'localhost', name: 'Teamplan' },
      user: { name: email },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    const registered = await register(supabase, authenticator);
    expect(registered.error).toBeNull();
    expect(registered.data).toMatchObject({ id: expect.any(String), friendly_name: 'Passkey' });

    const signedIn = await signInWith(authenticator);
    expect(signedIn.error).toBeNull();
    expect(signedIn.data!.user?.id).toBe(id);
    expect(signedIn.data!.session?.user.email).toBe(email);
    const claims = decodeClaims(signedIn.data!.session!.access_token);
    expect(claims.amr.map((entry: { method: string }) => entry.method)).toEqual(['passkey']);
    const { data: listed } = await supabase.auth.passkey.list();
    expect(listed).toEqual([
      {
        id: registered.data!.id,
        friendly_name: 'Passkey',
        created_at: expect.any(String),
        last_used_at: expect.any(String),
      },
    ]);
  });

  it('renames and deletes a passkey, which then no longer signs in', async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const { supabase } = await signedUp();
    const { data: passkey } = await register(supabase, authenticator);
    const renamed = await supabase.auth.passkey.update({ passkeyId: passkey!.id, friendlyName: 'Work laptop' });
    expect(renamed.data).toMatchObject({ id: passkey!.id, friendly_name: 'Work laptop' });
    const empty = await supabase.auth.passkey.update({ passkeyId: passkey!.id, friendlyName: '' });
    expect([empty.error?.status, empty.error?.message]).toEqual([400, 'friendly_name is required']);

    expect((await supabase.auth.passkey.delete({ passkeyId: passkey!.id })).error).toBeNull();
    expect((await supabase.auth.passkey.list()).data).toEqual([]);
    const gone = await supabase.auth.passkey.delete({ passkeyId: passkey!.id });
    expect([gone.error?.status, gone.error?.message]).toEqual([404, 'Passkey not found']);
    const refused = await signInWith(authenticator);
    expect([statusOf(refused.error), refused.error?.code]).toEqual([400, 'webauthn_verification_failed']);
  });

  it('excludes the credentials the user has already registered', async () => {
    const { supabase } = await signedUp();
    const { data: first } = await register(supabase, new SoftwareAuthenticator(ORIGIN));
    const { data: start } = await supabase.auth.passkey.startRegistration();
    const excluded = (start!.options as unknown as { excludeCredentials: Array<{ id: string }> }).excludeCredentials;
    expect(excluded).toHaveLength(1);
    const { data: listed } = await supabase.auth.passkey.list();
    expect(listed![0].id).toBe(first!.id);
  });

  it('refuses a replayed or expired challenge and a credential made for another origin', async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const { supabase } = await signedUp();
    const { data: start } = await supabase.auth.passkey.startRegistration();
    const credential = authenticator.create(start!.options as unknown as CreationOptions).toJSON() as never;
    const params = { challengeId: start!.challenge_id, credential };
    expect((await supabase.auth.passkey.verifyRegistration(params)).error).toBeNull();
    const replayed = await supabase.auth.passkey.verifyRegistration(params);
    expect([replayed.error?.code, replayed.error?.message]).toEqual([
      'webauthn_challenge_not_found',
      'Challenge not found or already used',
    ]);

    const { data: late } = await supabase.auth.passkey.startRegistration();
    await h.db.query(
      `update auth.webauthn_challenges set expires_at = now() - interval '1 second' where id = $1::uuid`,
      [late!.challenge_id],
    );
    const lateAnswer = new SoftwareAuthenticator(ORIGIN)
      .create(late!.options as unknown as CreationOptions)
      .toJSON() as never;
    const expired = await supabase.auth.passkey.verifyRegistration({
      challengeId: late!.challenge_id,
      credential: lateAnswer,
    });
    expect([statusOf(expired.error), expired.error?.code]).toEqual([400, 'webauthn_challenge_expired']);

    const phishing = new SoftwareAuthenticator('http://localhost.example:3000');
    const refused = await register(supabase, phishing);
    expect([statusOf(refused.error), refused.error?.code, refused.error?.message]).toEqual([
      400,
      'webauthn_verification_failed',
      'Credential verification failed',
    ]);
  });

  it('asks for an aal2 session once a second factor is verified', async () => {
    const { supabase, email } = await signedUp();
    const { data: factor } = await supabase.auth.mfa.enroll({ factorType: 'totp' });
    await supabase.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: currentTotpCode(factor!.totp.secret) });
    const aal1 = client(passkeys);
    await aal1.auth.signInWithPassword({ email, password: GOOD_PASSWORD });
    const refused = await aal1.auth.passkey.startRegistration();
    expect([refused.error?.status, refused.error?.code, refused.error?.message]).toEqual([
      403,
      'insufficient_aal',
      'AAL2 session is required to manage passkeys when MFA is enabled',
    ]);
    expect((await register(supabase, new SoftwareAuthenticator(ORIGIN))).error).toBeNull();
  });

  it('lets the admin API list and delete a user’s passkeys', async () => {
    const { supabase, id } = await signedUp();
    const { data: passkey } = await register(supabase, new SoftwareAuthenticator(ORIGIN));
    const admin = client(passkeys, passkeys.keys.serviceRoleKey);
    const { data: listed } = await admin.auth.admin.passkey.listPasskeys({ userId: id });
    expect(listed).toEqual([{ id: passkey!.id, friendly_name: 'Passkey', created_at: expect.any(String) }]);
    expect((await admin.auth.admin.passkey.deletePasskey({ userId: id, passkeyId: passkey!.id })).error).toBeNull();
    expect((await admin.auth.admin.passkey.listPasskeys({ userId: id })).data).toEqual([]);
    const anon = await client(passkeys).auth.admin.passkey.listPasskeys({ userId: id });
    expect(anon.error?.status).toBe(403);
  });
});
