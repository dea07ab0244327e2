// Identities through supabase-js: linking and unlinking are refused while [auth] enable_manual_linking is off and
// SAML single sign-on is always refused, in GoTrue's words; with linking on, an OAuth identity of a local keycloak
// realm is linked through its sign-in page (implicit and PKCE), by an ID token, and unlinked, never the last one.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../harness.ts';
import { call, GOOD_PASSWORD, supabaseJs, uniqueEmail, withConfig } from './helpers.ts';
import { startTestIssuer, type TestIssuer } from './oidc-issuer.ts';

let h: Harness;
let linking: Harness;
let issuer: TestIssuer;
let subjects = 0;
const newSubject = () => `kc-link-${Date.now().toString(36)}-${(subjects += 1)}`;

/** The harness with manual linking and a Keycloak provider whose issuer is `url`. */
const withKeycloakAt = (url: string) =>
  withConfig(h, (config) => {
    config.project.auth.enable_manual_linking = true;
    config.project.auth.external.keycloak = {
      enabled: true,
      client_id: 'teamplan-web',
      secret: 'keycloak-client-secret',
      redirect_uri: '',
      url,
      skip_nonce_check: false,
      email_optional: false,
    };
  });

beforeAll(async () => {
  h = await createHarness();
  issuer = await startTestIssuer();
  linking = withKeycloakAt(issuer.url);
});
afterAll(async () => {
  await issuer.close();
  await h.close();
});

function client(target: Harness, flowType: 'implicit' | 'pkce' = 'implicit'): SupabaseClient {
  return supabaseJs(target, target.keys.anonKey, { flowType });
}

async function signedUp(target: Harness, flowType: 'implicit' | 'pkce' = 'implicit') {
  const supabase = client(target, flowType);
  const email = uniqueEmail('links');
  const { data, error } = await supabase.auth.signUp({ email, password: GOOD_PASSWORD });
  if (error || !data.user) throw error ?? new Error('no user');
  return { supabase, email, id: data.user.id };
}

/** The browser's return from the provider's sign-in page: /callback with the flow's state and a code. */
async function returnFromProvider(target: Harness, providerUrl: string, claims: Record<string, unknown>) {
  const state = new URL(providerUrl).searchParams.get('state')!;
  const code = issuer.issueCode(claims);
  const response = await target.request(`/auth/v1/callback?state=${state}&code=${code}`, { apikey: null });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}

describe('with manual linking off (the default)', () => {
  it('refuses linkIdentity and unlinkIdentity', async () => {
    const { supabase } = await signedUp(h);
    const linked = await supabase.auth.linkIdentity({ provider: 'google' });
    expect(linked.error?.message).toBe('Manual linking is disabled');
    expect([linked.error?.status, linked.error?.code]).toEqual([404, 'manual_linking_disabled']);
    const { data } = await supabase.auth.getUserIdentities();
    const unlinked = await supabase.auth.unlinkIdentity(data!.identities[0]);
    expect([unlinked.error?.status, unlinked.error?.message]).toEqual([404, 'Manual linking is disabled']);
  });

  it('asks for a token before saying so', async () => {
    const { status, body } = await call(h, 'GET', '/user/identities/authorize?provider=google');
    expect([status, body.code]).toEqual([401, 'no_authorization']);
  });
});

describe('single sign-on with SAML', () => {
  it('is disabled for every /sso request', async () => {
    const { data, error } = await client(h).auth.signInWithSSO({ providerId: 'b1e0c9a4-0000-4000-8000-000000000000' });
    expect(data).toBeNull();
    expect([error?.status, error?.code, error?.message]).toEqual([
      404,
      'saml_provider_disabled',
      'SAML 2.0 is disabled',
    ]);
    for (const [method, path] of [
      ['GET', '/sso'],
      ['POST', '/sso'],
      ['GET', '/sso/saml/metadata'],
    ]) {
      const { status, body } = await call(h, method, path, method === 'POST' ? { body: {} } : {});
      expect([status, body]).toEqual([404, { code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' }]);
    }
  });
});

describe('with manual linking on', () => {
  it('links an OAuth identity through the provider and returns a session of the same user', async () => {
    const { supabase, id } = await signedUp(linking);
    const { data, error } = await supabase.auth.linkIdentity({ provider: 'keycloak', options: { scopes: 'roles' } });
    expect(error).toBeNull();
    const providerUrl = new URL(data.url!);
    expect(`${providerUrl.origin}${providerUrl.pathname}`).toBe(`${issuer.url}/protocol/openid-connect/auth`);
    expect(providerUrl.searchParams.get('client_id')).toBe('teamplan-web');
    expect(providerUrl.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:54321/auth/v1/callback');
    expect(providerUrl.searchParams.get('scope')).toBe('openid email profile roles');

    const sub = newSubject();
    const back = await returnFromProvider(linking, data.url!, { sub, email: uniqueEmail('kc'), email_verified: true });
    expect(back.origin).toBe('http://127.0.0.1:3000');
    const fragment = new URLSearchParams(back.hash.slice(1));
    expect(fragment.get('provider_token')).toBe('provider-access');
    expect(issuer.lastTokenRequest()?.credentials).toBe('teamplan-web:keycloak-client-secret');

    const linked = client(linking);
    await linked.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    const { data: user } = await linked.auth.getUser();
    expect(user.user?.id).toBe(id);
    expect(user.user?.app_metadata.providers).toEqual(['email', 'keycloak']);
    expect(user.user?.identities?.find((identity) => identity.provider === 'keycloak')?.id).toBeTruthy();
  });

  it('finishes a PKCE link with a code the client exchanges', async () => {
    const { supabase, id } = await signedUp(linking, 'pkce');
    const { data } = await supabase.auth.linkIdentity({ provider: 'keycloak' });
    const back = await returnFromProvider(linking, data.url!, { sub: newSubject(), email: uniqueEmail('kc') });
    const code = back.searchParams.get('code')!;
    expect(code).toBeTruthy();
    const exchanged = await supabase.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.id).toBe(id);
    expect(exchanged.data.user?.identities).toHaveLength(2);
  });

  it('refuses an identity already linked, back at the site with the error', async () => {
    const sub = newSubject();
    const first = await signedUp(linking);
    const url = (await first.supabase.auth.linkIdentity({ provider: 'keycloak' })).data.url!;
    await returnFromProvider(linking, url, { sub, email: uniqueEmail('kc'), email_verified: true });
    const second = await signedUp(linking);
    const again = (await second.supabase.auth.linkIdentity({ provider: 'keycloak' })).data.url!;
    const back = await returnFromProvider(linking, again, { sub, email: uniqueEmail('kc'), email_verified: true });
    expect(back.searchParams.get('error_code')).toBe('identity_already_exists');
    expect(back.searchParams.get('error_description')).toBe('Identity is already linked to another user');
  });

  it('refuses a provider that is not enabled, and one GoTrue does not know', async () => {
    const { supabase } = await signedUp(linking);
    // Neither configured (apple) nor possible here (github): both are providers GoTrue knows, only off.
    for (const provider of ['apple', 'github'] as const) {
      const { error } = await supabase.auth.linkIdentity({ provider });
      expect([error?.status, error?.message]).toEqual([400, 'Unsupported provider: provider is not enabled']);
    }
    const { error } = await supabase.auth.linkIdentity({ provider: 'nonsense' as never });
    expect([error?.status, error?.message]).toEqual([
      400,
      'Unsupported provider: Provider nonsense could not be found',
    ]);
  });

  it('links by ID token, and unlinks any identity but the last', async () => {
    const { supabase, id } = await signedUp(linking);
    const token = await issuer.sign({ sub: newSubject(), aud: 'teamplan-web', email: uniqueEmail('kc') });
    const linked = await supabase.auth.linkIdentity({ provider: 'keycloak', token });
    expect(linked.error).toBeNull();
    expect(linked.data.user?.id).toBe(id);
    const { data } = await supabase.auth.getUserIdentities();
    expect(data!.identities.map((identity) => identity.provider)).toEqual(['email', 'keycloak']);

    const { data: session } = await supabase.auth.getSession();
    const unknown = await call(linking, 'DELETE', '/user/identities/0b6f1d8e-0000-4000-8000-000000000000', {
      token: session.session!.access_token,
    });
    expect([unknown.status, unknown.body]).toEqual([
      422,
      { code: 'identity_not_found', message: "Identity doesn't exist" },
    ]);

    const keycloak = data!.identities.find((identity) => identity.provider === 'keycloak')!;
    expect((await supabase.auth.unlinkIdentity(keycloak)).error).toBeNull();
    const { data: after } = await supabase.auth.getUser();
    expect(after.user?.identities?.map((identity) => identity.provider)).toEqual(['email']);
    expect(after.user?.app_metadata.providers).toEqual(['email']);

    const last = await supabase.auth.unlinkIdentity(after.user!.identities![0]);
    expect([last.error?.status, last.error?.code, last.error?.message]).toEqual([
      422,
      'single_identity_not_deletable',
      'User must have at least 1 identity after unlinking',
    ]);
  });

  it('gives an anonymous user the address of the identity it links', async () => {
    const anonymous = withConfig(linking, (config) => {
      config.project.auth.enable_anonymous_sign_ins = true;
    });
    const supabase = client(anonymous);
    const { data: signedIn } = await supabase.auth.signInAnonymously();
    const email = uniqueEmail('kc');
    const token = await issuer.sign({ sub: newSubject(), aud: 'teamplan-web', email, email_verified: true });
    const { data, error } = await supabase.auth.linkIdentity({ provider: 'keycloak', token });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(signedIn.user?.id);
    expect(data.user?.email).toBe(email);
    expect(data.user?.is_anonymous).toBe(false);
  });

  it('signs in through the provider with GET /authorize', async () => {
    const response = await linking.request('/auth/v1/authorize?provider=keycloak', {
      apikey: null,
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    const email = uniqueEmail('kc');
    const back = await returnFromProvider(linking, response.headers.get('location')!, {
      sub: newSubject(),
      email,
      email_verified: true,
    });
    const fragment = new URLSearchParams(back.hash.slice(1));
    const { data } = await client(linking).auth.getUser(fragment.get('access_token')!);
    expect(data.user?.email).toBe(email);
    expect(data.user?.app_metadata.provider).toBe('keycloak');
  });

  it('refuses a provider whose sign-in page cannot be looked up, as an unsupported one', async () => {
    // Nothing listens on port 9: the provider's discovery document cannot be read.
    const unreachable = withKeycloakAt('http://127.0.0.1:9/realms/gone');
    const { supabase } = await signedUp(unreachable);
    const { data, error } = await supabase.auth.linkIdentity({ provider: 'keycloak' });
    expect(data?.url ?? null).toBeNull();
    expect([error?.status, error?.code]).toEqual([400, 'validation_failed']);
    expect(error?.message).toMatch(/^Unsupported provider: /);
  });

  it('sends a bad state back to the site with the error', async () => {
    const response = await linking.request('/auth/v1/callback?state=not-a-flow&code=x', { apikey: null });
    const back = new URL(response.headers.get('location')!);
    expect(back.origin).toBe('http://127.0.0.1:3000');
    expect(back.searchParams.get('error_code')).toBe('bad_oauth_state');
  });
});
