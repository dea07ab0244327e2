// [auth.mfa] through supabase-js's auth.mfa: the enroll and verify switches and max_enrolled_factors, phone factors
// (codes texted to the mailbox) and WebAuthn factors (a software authenticator registers, then signs), as GoTrue.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.ts';
import { createHarness, type Harness } from '../harness.ts';
import { decodeClaims, GOOD_PASSWORD, latestMail, mailsFor, supabaseJs, uniqueEmail, withConfig } from './helpers.ts';
import { SoftwareAuthenticator, type CreationOptions, type RequestOptions } from './software-authenticator.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

function variant(configure: (mfa: Config['project']['auth']) => void): Harness {
  return withConfig(h, (config) => configure(config.project.auth));
}

function client(target: Harness): SupabaseClient {
  return supabaseJs(target);
}

async function signedUp(target: Harness) {
  const supabase = client(target);
  const email = uniqueEmail('factors');
  const { error } = await supabase.auth.signUp({ email, password: GOOD_PASSWORD });
  if (error) throw error;
  return { supabase, email };
}

async function signedIn(target: Harness, email: string) {
  const supabase = client(target);
  const { error } = await supabase.auth.signInWithPassword({ email, password: GOOD_PASSWORD });
  if (error) throw error;
  return supabase;
}

interface WebauthnChallenge {
  id: string;
  webauthn: { type: 'create' | 'request'; credential_options: { publicKey: unknown } };
}

/** A WebAuthn factor's challenge through supabase-js (its options deserialized, with ArrayBuffers). */
async function webauthnChallenge(supabase: SupabaseClient, factorId: string): Promise<WebauthnChallenge> {
  const { data, error } = await supabase.auth.mfa.challenge({ factorId });
  if (error || !data) throw error ?? new Error('no challenge');
  return data as unknown as WebauthnChallenge;
}

async function amrOf(supabase: SupabaseClient) {
  const { data } = await supabase.auth.getSession();
  const claims = decodeClaims(data.session!.access_token);
  return { aal: claims.aal, methods: (claims.amr as Array<{ method: string }>).map((entry) => entry.method) };
}

describe('[auth.mfa] switches', () => {
  it('refuses enrolling or verifying a type that is switched off, in GoTrue words', async () => {
    const off = variant((auth) => {
      auth.mfa.totp.enroll_enabled = false;
      auth.mfa.web_authn.enroll_enabled = false;
    });
    const { supabase } = await signedUp(off);
    const totp = await supabase.auth.mfa.enroll({ factorType: 'totp' });
    expect([totp.error?.status, totp.error?.code, totp.error?.message]).toEqual([
      422,
      'mfa_totp_enroll_not_enabled',
      'MFA enroll is disabled for TOTP',
    ]);
    const webauthn = await supabase.auth.mfa.enroll({ factorType: 'webauthn' });
    expect(webauthn.error?.code).toBe('mfa_webauthn_enroll_not_enabled');

    const noVerify = variant((auth) => {
      auth.mfa.totp.verify_enabled = false;
    });
    const other = await signedUp(noVerify);
    const { data } = await other.supabase.auth.mfa.enroll({ factorType: 'totp' });
    const challenge = await other.supabase.auth.mfa.challenge({ factorId: data!.id });
    expect([challenge.error?.code, challenge.error?.message]).toEqual([
      'mfa_totp_verify_not_enabled',
      'MFA verification is disabled for TOTP',
    ]);
  });

  it('caps the factors a user may enrol at max_enrolled_factors', async () => {
    const one = variant((auth) => {
      auth.mfa.max_enrolled_factors = 1;
    });
    const { supabase } = await signedUp(one);
    expect((await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'first' })).error).toBeNull();
    const second = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'second' });
    expect([second.error?.status, second.error?.code]).toEqual([422, 'too_many_enrolled_mfa_factors']);
  });
});

describe('phone factors', () => {
  const phoneMfa = () =>
    variant((auth) => {
      auth.mfa.phone.enroll_enabled = true;
      auth.mfa.phone.verify_enabled = true;
      auth.mfa.phone.otp_length = 8;
      auth.mfa.phone.template = 'Teamplan sign-in code: {{ .Code }}';
    });

  it('texts a code that verifies the factor and raises the session to aal2', async () => {
    const target = phoneMfa();
    const { supabase } = await signedUp(target);
    const phone = `+1555${String(Date.now()).slice(-7)}`;
    const { data: factor, error } = await supabase.auth.mfa.enroll({
      factorType: 'phone',
      phone,
      friendlyName: 'Mobile',
    });
    expect(error).toBeNull();
    expect(factor).toMatchObject({ type: 'phone', phone, friendly_name: 'Mobile' });

    const { data: challenge } = await supabase.auth.mfa.challenge({ factorId: factor!.id });
    expect(challenge).toMatchObject({ type: 'phone' });
    const text = (await latestMail(target, phone)).text;
    const code = /code: (\d{8})$/.exec(text)?.[1];
    expect(code).toBeTruthy();

    const again = await supabase.auth.mfa.challenge({ factorId: factor!.id });
    expect([again.error?.status, again.error?.code]).toEqual([429, 'over_sms_send_rate_limit']);
    expect(await mailsFor(target, phone)).toHaveLength(1);

    const wrong = await supabase.auth.mfa.verify({
      factorId: factor!.id,
      challengeId: challenge!.id,
      code: '00000000',
    });
    expect([wrong.error?.status, wrong.error?.message]).toEqual([422, 'Invalid MFA Phone code entered']);
    const verified = await supabase.auth.mfa.verify({ factorId: factor!.id, challengeId: challenge!.id, code: code! });
    expect(verified.error).toBeNull();
    expect(await amrOf(supabase)).toMatchObject({ aal: 'aal2', methods: expect.arrayContaining(['mfa/phone']) });
    const { data: factors } = await supabase.auth.mfa.listFactors();
    expect(factors!.phone).toHaveLength(1);
    expect(factors!.phone[0]).toMatchObject({ phone: phone.slice(1), status: 'verified' });

    const duplicate = await supabase.auth.mfa.enroll({ factorType: 'phone', phone, friendlyName: 'Same phone' });
    expect([duplicate.error?.code, duplicate.error?.message]).toEqual([
      'mfa_verified_factor_exists',
      'A verified phone factor already exists, unenroll the existing factor to continue',
    ]);
  });

  it('asks for a valid number', async () => {
    const { supabase } = await signedUp(phoneMfa());
    const missing = await supabase.auth.mfa.enroll({ factorType: 'phone', phone: '' });
    expect(missing.error?.message).toBe('Phone number required to enroll Phone factor');
    const invalid = await supabase.auth.mfa.enroll({ factorType: 'phone', phone: 'not a number' });
    expect(invalid.error?.message).toBe('Invalid phone number format (E.164 required)');
  });
});

describe('WebAuthn factors', () => {
  const webauthnMfa = () =>
    variant((auth) => {
      auth.mfa.web_authn.enroll_enabled = true;
      auth.mfa.web_authn.verify_enabled = true;
      auth.webauthn = { rp_id: 'localhost', rp_display_name: 'Teamplan', rp_origins: ['http://localhost:3000'] };
    });

  it('registers a credential on the first challenge, then signs in with it to aal2', async () => {
    const target = webauthnMfa();
    const authenticator = new SoftwareAuthenticator('http://localhost:3000');
    const { supabase, email } = await signedUp(target);
    const { data: factor } = await supabase.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Laptop' });
    expect(factor).toMatchObject({ type: 'webauthn', friendly_name: 'Laptop' });

    const creation = await webauthnChallenge(supabase, factor!.id);
    expect(creation.webauthn.type).toBe('create');
    const options = creation.webauthn.credential_options.publicKey as unknown as CreationOptions;
    expect(options.rp).toMatchObject({ id: 'localhost', name: 'Teamplan' });
    const registered = await supabase.auth.mfa.verify({
      factorId: factor!.id,
      challengeId: creation.id,
      webauthn: { type: 'create', credential_response: authenticator.create(options) as never },
    } as never);
    expect(registered.error).toBeNull();
    expect(await amrOf(supabase)).toMatchObject({ aal: 'aal2', methods: expect.arrayContaining(['mfa/webauthn']) });

    const later = await signedIn(target, email);
    expect((await amrOf(later)).aal).toBe('aal1');
    const request = await webauthnChallenge(later, factor!.id);
    expect(request.webauthn.type).toBe('request');
    const signedWith = await later.auth.mfa.verify({
      factorId: factor!.id,
      challengeId: request.id,
      webauthn: {
        type: 'request',
        credential_response: authenticator.get(
          request.webauthn.credential_options.publicKey as RequestOptions,
        ) as never,
      },
    } as never);
    expect(signedWith.error).toBeNull();
    expect((await amrOf(later)).aal).toBe('aal2');
  });

  it('refuses a credential made for another origin and leaves the factor unverified', async () => {
    const target = webauthnMfa();
    const phishing = new SoftwareAuthenticator('http://localhost.example:3000');
    const { supabase } = await signedUp(target);
    const { data: factor } = await supabase.auth.mfa.enroll({ factorType: 'webauthn' });
    const creation = await webauthnChallenge(supabase, factor!.id);
    const options = creation.webauthn.credential_options.publicKey as unknown as CreationOptions;
    const refused = await supabase.auth.mfa.verify({
      factorId: factor!.id,
      challengeId: creation.id,
      webauthn: { type: 'create', credential_response: phishing.create(options) as never },
    } as never);
    expect(refused.error?.status).toBe(500);
    const { data: factors } = await supabase.auth.mfa.listFactors();
    expect(factors!.all[0].status).toBe('unverified');
    expect((await amrOf(supabase)).aal).toBe('aal1');
  });
});
