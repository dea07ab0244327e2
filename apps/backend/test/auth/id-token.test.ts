// POST /token?grant_type=id_token (supabase-js signInWithIdToken): an ID token from a configured OpenID Connect
// provider, verified against the issuer's published keys, signs the person in; GoTrue's refusals, account linking by
// verified address, and the before-user-created hook. The issuer is a local keycloak realm served over HTTP.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.ts';
import { createHarness, type Harness } from '../harness.ts';
import { call, decodeClaims, mailsFor, signUpWithSession, supabaseJs, uniqueEmail, withConfig } from './helpers.ts';
import { startTestIssuer, type TestIssuer } from './oidc-issuer.ts';

const CLIENT_ID = 'teamplan-web';

let h: Harness;
let issuer: TestIssuer;
let oidc: Harness;
let subjects = 0;
const newSubject = () => `kc-${Date.now().toString(36)}-${(subjects += 1)}`;

function withKeycloak(extra: (config: Config) => void = () => {}) {
  return withConfig(h, (config) => {
    config.project.auth.external.keycloak = {
      enabled: true,
      client_id: `${CLIENT_ID}, teamplan-ios`,
      secret: 'not-used-by-id-tokens',
      redirect_uri: '',
      url: issuer.url,
      skip_nonce_check: false,
      email_optional: false,
    };
    extra(config);
  });
}

beforeAll(async () => {
  h = await createHarness();
  issuer = await startTestIssuer();
  oidc = withKeycloak();
});
afterAll(async () => {
  await issuer.close();
  await h.close();
});

/** A verified person's token for the web client. */
const personToken = (claims: Record<string, unknown> = {}) =>
  issuer.sign({ sub: newSubject(), aud: CLIENT_ID, email: uniqueEmail('kc'), email_verified: true, ...claims });

const signIn = (target: Harness, body: Record<string, unknown>) =>
  call(target, 'POST', '/token?grant_type=id_token', { body: { provider: 'keycloak', ...body } });

const refusal = (description: string, error = 'invalid request') => ({
  status: 400,
  body: { error, error_description: description },
});

describe('id_token grant', () => {
  it('signs a new person in with a session, an identity of the provider and the claims as metadata', async () => {
    const sub = newSubject();
    const email = uniqueEmail('Kc.New');
    const idToken = await issuer.sign({ sub, aud: CLIENT_ID, email, email_verified: true, name: 'Kim Keycloak' });
    const result = await signIn(oidc, { id_token: idToken });
    expect(result.status).toBe(200);
    const { user } = result.body;
    expect(user.email).toBe(email.toLowerCase());
    expect(user.email_confirmed_at).toEqual(expect.any(String));
    expect(user.app_metadata).toEqual({ provider: 'keycloak', providers: ['keycloak'] });
    expect(user.user_metadata).toMatchObject({
      iss: issuer.url,
      sub,
      name: 'Kim Keycloak',
      // The account's address is kept in lower case, the claims as the provider sent them.
      email,
      email_verified: true,
      phone_verified: false,
    });
    expect(user.identities).toEqual([expect.objectContaining({ provider: 'keycloak', id: sub, user_id: user.id })]);
    const claims = decodeClaims(result.body.access_token);
    expect(claims).toMatchObject({
      sub: user.id,
      aal: 'aal1',
      amr: [{ method: 'oauth', timestamp: expect.any(Number) }],
    });
  });

  it('signs the same person in to the same account again, with the claims refreshed', async () => {
    const sub = newSubject();
    const email = uniqueEmail('kc-again');
    const first = await signIn(oidc, {
      id_token: await issuer.sign({ sub, aud: CLIENT_ID, email, email_verified: true }),
    });
    const again = await signIn(oidc, {
      id_token: await issuer.sign({ sub, aud: 'teamplan-ios', email, email_verified: true, name: 'Renamed' }),
    });
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(first.body.user.id);
    expect(again.body.user.identities).toHaveLength(1);
    expect(again.body.user.user_metadata.name).toBe('Renamed');
  });

  it('links to the account holding the address when the provider has verified it', async () => {
    const { email, session } = await signUpWithSession(h);
    const result = await signIn(oidc, { id_token: await personToken({ email, email_verified: true }) });
    expect(result.status).toBe(200);
    expect(result.body.user.id).toBe(session.user.id);
    expect(result.body.user.app_metadata.providers).toEqual(['email', 'keycloak']);
  });

  it('never links by an address the provider has not verified', async () => {
    const { email, session } = await signUpWithSession(h);
    // With confirmations off (this project's default) the person gets an account of their own, without the address.
    const separate = await signIn(oidc, { id_token: await personToken({ email, email_verified: false }) });
    expect(separate.status).toBe(200);
    expect(separate.body.user.id).not.toBe(session.user.id);
    expect(separate.body.user.email).toBe('');

    // With confirmations on, GoTrue asks for the address to be verified first; the existing account is untouched.
    const confirming = withKeycloak((config) => (config.project.auth.email.enable_confirmations = true));
    const refused = await signIn(confirming, { id_token: await personToken({ email, email_verified: false }) });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      code: 'provider_email_needs_verification',
      message: 'Unverified email with keycloak. Verify the email with keycloak in order to sign in',
    });
    const { rows } = await h.db.query<{ n: number }>(
      'select count(*)::int as n from auth.identities where user_id = $1::uuid',
      [session.user.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('sends a confirmation e-mail to a new, unverified address when confirmations are on', async () => {
    const confirming = withKeycloak((config) => (config.project.auth.email.enable_confirmations = true));
    const email = uniqueEmail('kc-unverified');
    const refused = await signIn(confirming, { id_token: await personToken({ email, email_verified: false }) });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      'Unverified email with keycloak. A confirmation email has been sent to your keycloak email',
    );
    expect(await mailsFor(h, email)).toHaveLength(1);
  });

  it("refuses a token for another audience, expired, forged or from another issuer with GoTrue's answers", async () => {
    const audiences = await signIn(oidc, { id_token: await personToken({ aud: ['someone-else', 'other'] }) });
    expect(audiences).toMatchObject(refusal('Unacceptable audience in id_token: [someone-else other]'));
    const past = Math.floor(Date.now() / 1000) - 60;
    const badTokens = [
      await personToken({ iat: past - 3600, exp: past }),
      await issuer.sign({ sub: newSubject(), aud: CLIENT_ID, email: uniqueEmail() }, { forgedKey: true }),
      await personToken({ iss: 'http://127.0.0.1:1/realms/elsewhere' }),
      await personToken({ email: undefined }),
    ];
    for (const idToken of badTokens)
      expect(await signIn(oidc, { id_token: idToken })).toMatchObject(refusal('Bad ID token'));
    expect(await signIn(oidc, { id_token: 'not-a-token' })).toMatchObject(refusal('Bad ID token'));
  });

  it('checks the nonce: its SHA-256 in the token, both present or both absent, unless skip_nonce_check', async () => {
    const nonce = 'a-random-nonce-from-the-client';
    const hashed = createHash('sha256').update(nonce).digest('hex');
    expect((await signIn(oidc, { id_token: await personToken({ nonce: hashed }), nonce })).status).toBe(200);
    expect(await signIn(oidc, { id_token: await personToken({ nonce: hashed }), nonce: 'another' })).toMatchObject(
      refusal('Nonces mismatch', 'invalid nonce'),
    );
    const bothOrNeither = refusal('Passed nonce and nonce in id_token should either both exist or not.');
    expect(await signIn(oidc, { id_token: await personToken({ nonce: hashed }) })).toMatchObject(bothOrNeither);
    expect(await signIn(oidc, { id_token: await personToken(), nonce })).toMatchObject(bothOrNeither);
    const skipping = withKeycloak((config) => (config.project.auth.external.keycloak.skip_nonce_check = true));
    expect((await signIn(skipping, { id_token: await personToken({ nonce: hashed }) })).status).toBe(200);
  });

  it('binds the token to the access token sent with it by at_hash', async () => {
    const accessToken = 'provider-access-token';
    const atHash = createHash('sha256').update(accessToken).digest().subarray(0, 16).toString('base64url');
    const idToken = await personToken({ at_hash: atHash });
    expect(await signIn(oidc, { id_token: idToken, access_token: 'another-token' })).toMatchObject(
      refusal('Bad ID token'),
    );
    expect((await signIn(oidc, { id_token: idToken, access_token: accessToken })).status).toBe(200);
  });

  it("refuses missing parameters, unknown and disabled providers, and anonymous linking, in GoTrue's words", async () => {
    expect(await signIn(oidc, { id_token: '' })).toMatchObject(refusal('id_token required'));
    expect(await signIn(oidc, { provider: '', id_token: 'x' })).toMatchObject(
      refusal('provider or client_id and issuer required'),
    );
    const unknown = await signIn(oidc, { provider: 'gitlab', id_token: 'x' });
    expect(unknown).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', message: 'Custom OIDC provider "gitlab" not allowed' },
    });
    const disabled = await signIn(oidc, { provider: 'google', id_token: await personToken() });
    expect(disabled).toMatchObject({
      status: 400,
      body: { code: 'provider_disabled', message: 'Provider (issuer "https://accounts.google.com") is not enabled' },
    });
    const offByDefault = await signIn(h, { id_token: await personToken() });
    expect(offByDefault.body.code).toBe('provider_disabled');
    const linking = await signIn(oidc, { id_token: await personToken(), link_identity: true });
    expect(linking).toMatchObject(refusal('Linking requires a valid user access token in Authorization'));
  });

  it('finds the provider by its issuer too, and caches the discovery document', async () => {
    const before = issuer.discoveryFetches();
    const result = await call(oidc, 'POST', '/token?grant_type=id_token', {
      body: { issuer: issuer.url, client_id: CLIENT_ID, id_token: await personToken() },
    });
    expect(result.status).toBe(200);
    expect(result.body.user.app_metadata.provider).toBe('keycloak');
    expect(issuer.discoveryFetches()).toBe(before);
  });

  it('reports the enabled provider in /settings', async () => {
    const settings = await call(oidc, 'GET', '/settings');
    expect(settings.body.external).toMatchObject({ keycloak: true, google: false, github: false });
    expect((await call(h, 'GET', '/settings')).body.external.keycloak).toBe(false);
  });

  it('signs in through supabase-js signInWithIdToken', async () => {
    const supabase = supabaseJs(oidc);
    const email = uniqueEmail('kc-js');
    const { data, error } = await supabase.auth.signInWithIdToken({
      provider: 'keycloak',
      token: await personToken({ email }),
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.session?.access_token).toEqual(expect.any(String));
  });
});

describe('id_token grant and the before-user-created hook', () => {
  let hooked: Harness;
  beforeAll(async () => {
    await h.db.exec(`
      create table public.test_oidc_hook_events (event jsonb not null);
      create function public.test_oidc_before_user_created(event jsonb) returns jsonb language plpgsql as $$
      begin
        insert into public.test_oidc_hook_events (event) values (event);
        if event->'user'->'user_metadata'->>'name' = 'Blocked' then
          return jsonb_build_object('error', jsonb_build_object('http_code', 403, 'message', 'Not invited.'));
        end if;
        return '{}'::jsonb;
      end $$;
    `);
    hooked = withKeycloak((config) => {
      config.project.auth.hook.before_user_created = {
        enabled: true,
        uri: 'pg-functions://postgres/public/test_oidc_before_user_created',
        secrets: '',
      };
    });
  });

  it("asks the hook before a new account, with the provider's metadata and the id the account gets", async () => {
    const email = uniqueEmail('kc-hooked');
    const result = await signIn(hooked, { id_token: await personToken({ email, name: 'Hooked' }) });
    expect(result.status).toBe(200);
    const { rows } = await h.db.query<{ event: Record<string, any> }>(
      `select event from public.test_oidc_hook_events where event->'user'->>'email' = $1`,
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].event.user).toMatchObject({
      id: result.body.user.id,
      email,
      app_metadata: { provider: 'keycloak', providers: ['keycloak'] },
      user_metadata: { name: 'Hooked', email, email_verified: true },
    });
    // Signing in again creates nothing, so the hook is not asked.
    await signIn(hooked, {
      id_token: await issuer.sign({
        sub: rows[0].event.user.user_metadata.sub,
        aud: CLIENT_ID,
        email,
        email_verified: true,
      }),
    });
    const again = await h.db.query(`select 1 from public.test_oidc_hook_events where event->'user'->>'email' = $1`, [
      email,
    ]);
    expect(again.rows).toHaveLength(1);
  });

  it("answers with the hook's refusal and creates nothing", async () => {
    const email = uniqueEmail('kc-blocked');
    const result = await signIn(hooked, { id_token: await personToken({ email, name: 'Blocked' }) });
    expect(result).toMatchObject({ status: 403, body: { message: 'Not invited.' } });
    const { rows } = await h.db.query('select 1 from auth.users where email = $1', [email]);
    expect(rows).toHaveLength(0);
  });
});
