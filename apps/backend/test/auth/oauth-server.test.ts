// The OAuth 2.1 server ([auth.oauth_server]) through supabase-js's auth.admin.oauth and auth.oauth, with the third-party
// application played by plain HTTP calls: client management, dynamic registration, the authorization request, the
// user's consent (and a standing consent approving at once), the code exchange with PKCE, refresh, and grants.
import { createHash, randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../harness.ts';
import { decodeClaims, GOOD_PASSWORD, supabaseJs, uniqueEmail, withConfig } from './helpers.ts';

const APP = 'https://app.example.com/callback';
let h: Harness;
let server: Harness;
beforeAll(async () => {
  h = await createHarness();
  // A custom access token hook that records each token it is asked about and marks its claims.
  await h.db.exec(`
    create table public.oauth_token_events (event jsonb not null);
    create function public.mark_token(event jsonb) returns jsonb language plpgsql as $$
    begin
      insert into public.oauth_token_events (event) values (event);
      return jsonb_set(event, '{claims,marked}', 'true');
    end $$;
  `);
  server = withConfig(h, (config) => {
    config.project.auth.oauth_server.enabled = true;
    config.project.auth.hook.custom_access_token = {
      enabled: true,
      uri: 'pg-functions://postgres/public/mark_token',
      secrets: '',
    };
  });
});
afterAll(() => h.close());

function client(target: Harness, key = target.keys.anonKey): SupabaseClient {
  return supabaseJs(target, key);
}

const admin = (target = server) => client(target, target.keys.serviceRoleKey).auth.admin.oauth;

async function newClient(params: Record<string, unknown> = {}) {
  const { data, error } = await admin().createClient({ client_name: 'Planner sync', redirect_uris: [APP], ...params });
  if (error || !data) throw error ?? new Error('no client');
  return data;
}

async function signedUp() {
  const supabase = client(server);
  const email = uniqueEmail('oauth');
  const { data, error } = await supabase.auth.signUp({ email, password: GOOD_PASSWORD });
  if (error || !data.user) throw error ?? new Error('no user');
  return { supabase, email, id: data.user.id };
}

const verifier = randomBytes(32).toString('base64url');
const challenge = createHash('sha256').update(verifier).digest('base64url');

/** The application sends the browser to /oauth/authorize; returns where the browser is sent next. */
async function authorize(clientId: string, extra: Record<string, string> = {}) {
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: APP,
    response_type: 'code',
    scope: 'openid email',
    state: 'state-42',
    nonce: 'nonce-7',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  });
  const response = await server.request(`/auth/v1/oauth/authorize?${query}`, { apikey: null, redirect: 'manual' });
  return { status: response.status, location: new URL(response.headers.get('location') ?? 'http://none/') };
}

/** The application's call to the token endpoint (form body, HTTP Basic for a confidential client). */
async function token(form: Record<string, string>, credentials?: { id: string; secret: string }) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (credentials)
    headers.authorization = `Basic ${Buffer.from(`${credentials.id}:${credentials.secret}`).toString('base64')}`;
  const response = await server.request('/auth/v1/oauth/token', {
    method: 'POST',
    headers,
    body: new URLSearchParams(form).toString(),
    apikey: null,
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** Authorization request, consent and code: the code the application receives. */
async function codeFor(supabase: SupabaseClient, clientId: string) {
  const authorizationId = (await authorize(clientId)).location.searchParams.get('authorization_id')!;
  const { data } = await supabase.auth.oauth.getAuthorizationDetails(authorizationId);
  const url =
    'redirect_url' in data!
      ? data.redirect_url
      : (await supabase.auth.oauth.approveAuthorization(authorizationId, { skipBrowserRedirect: true })).data!
          .redirect_url;
  return new URL(url).searchParams.get('code')!;
}

/** A public client's whole sign-in: a new client and user, consent, and the code exchanged with the client's id alone. */
async function publicClientSignIn() {
  const app = await newClient({ token_endpoint_auth_method: 'none' });
  const { supabase, id } = await signedUp();
  const code = await codeFor(supabase, app.client_id);
  const exchanged = await token({
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    client_id: app.client_id,
  });
  return { app, id, code, exchanged };
}

describe('OAuth server switched off', () => {
  it('answers every route with 404', async () => {
    const { error } = await admin(h).listClients();
    expect([error?.status, error?.code, error?.message]).toEqual([404, 'feature_disabled', 'OAuth server is disabled']);
    const response = await h.request('/auth/v1/oauth/token', { method: 'POST', apikey: null });
    expect(response.status).toBe(404);
  });
});

describe('client management', () => {
  it('creates, lists, reads, updates, regenerates the secret of and deletes a client', async () => {
    const created = await newClient();
    expect(created).toMatchObject({
      client_name: 'Planner sync',
      client_type: 'confidential',
      token_endpoint_auth_method: 'client_secret_basic',
      registration_type: 'manual',
      redirect_uris: [APP],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    });
    expect(created.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { data: listed } = await admin().listClients();
    expect(listed.clients.map((c) => c.client_id)).toContain(created.client_id);
    expect((await admin().getClient(created.client_id)).data).not.toHaveProperty('client_secret');

    const updated = await admin().updateClient(created.client_id, {
      client_name: 'Planner sync 2',
      logo_uri: 'https://app.example.com/logo.png',
    });
    expect(updated.data).toMatchObject({ client_name: 'Planner sync 2', logo_uri: 'https://app.example.com/logo.png' });
    const empty = await admin().updateClient(created.client_id, {});
    expect([empty.error?.status, empty.error?.message]).toEqual([400, 'No fields provided for update']);

    const regenerated = await admin().regenerateClientSecret(created.client_id);
    expect(regenerated.data!.client_secret).not.toBe(created.client_secret);
    const old = await token(
      { grant_type: 'authorization_code', code: 'x' },
      { id: created.client_id, secret: created.client_secret! },
    );
    expect([old.status, old.body.error_code]).toEqual([400, 'invalid_credentials']);

    expect((await admin().deleteClient(created.client_id)).error).toBeNull();
    const gone = await admin().getClient(created.client_id);
    expect([gone.error?.status, gone.error?.code]).toEqual([404, 'oauth_client_not_found']);
  });

  it('checks registrations in GoTrue words', async () => {
    const http = await admin().createClient({ client_name: 'x', redirect_uris: ['http://evil.example/cb'] });
    expect([http.error?.status, http.error?.message]).toEqual([
      400,
      "invalid redirect_uri 'http://evil.example/cb': HTTP scheme only allowed for localhost",
    ]);
    const none = await admin().createClient({ client_name: 'x', redirect_uris: [] });
    expect(none.error?.message).toBe('redirect_uris is required');
    const pub = await newClient({ token_endpoint_auth_method: 'none', redirect_uris: ['http://localhost:8080/cb'] });
    expect([pub.client_type, pub.client_secret]).toEqual(['public', undefined]);
    const regenerate = await admin().regenerateClientSecret(pub.client_id);
    expect(regenerate.error?.message).toBe('Cannot regenerate secret for public client');
  });

  it('registers clients dynamically only when allowed', async () => {
    const body = JSON.stringify({
      client_name: 'MCP client',
      redirect_uris: ['http://localhost:3333/cb'],
      token_endpoint_auth_method: 'none',
    });
    const refused = await server.request('/auth/v1/oauth/clients/register', { method: 'POST', body, apikey: null });
    // Without X-Supabase-Api-Version, as a third-party application calls, errors take GoTrue's first shape.
    expect([refused.status, (await refused.json()).error_code]).toEqual([
      403,
      'oauth_dynamic_client_registration_disabled',
    ]);
    const open = withConfig(server, (config) => {
      config.project.auth.oauth_server.allow_dynamic_registration = true;
    });
    const registered = await open.request('/auth/v1/oauth/clients/register', { method: 'POST', body, apikey: null });
    expect(registered.status).toBe(201);
    expect(await registered.json()).toMatchObject({ registration_type: 'dynamic', client_type: 'public' });
    const metadata = await (
      await open.request('/auth/v1/.well-known/oauth-authorization-server', { apikey: null })
    ).json();
    expect(metadata).toMatchObject({
      issuer: 'http://127.0.0.1:54321/auth/v1',
      token_endpoint: 'http://127.0.0.1:54321/auth/v1/oauth/token',
      registration_endpoint: 'http://127.0.0.1:54321/auth/v1/oauth/clients/register',
      code_challenge_methods_supported: ['S256', 'plain'],
    });
  });
});

describe('authorization code flow', () => {
  it('sends the browser to the consent page, then the application gets a code for tokens', async () => {
    const app = await newClient();
    const { supabase, email, id } = await signedUp();
    const { status, location } = await authorize(app.client_id);
    expect(status).toBe(302);
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:3000/oauth/consent');
    const authorizationId = location.searchParams.get('authorization_id')!;
    expect(authorizationId).toMatch(/^[A-Za-z0-9]{32}$/);

    const { data: details } = await supabase.auth.oauth.getAuthorizationDetails(authorizationId);
    expect(details).toEqual({
      authorization_id: authorizationId,
      redirect_uri: APP,
      client: { id: app.client_id, name: 'Planner sync' },
      user: { id, email },
      scope: 'openid email',
    });
    const { data: approved } = await supabase.auth.oauth.approveAuthorization(authorizationId, {
      skipBrowserRedirect: true,
    });
    const back = new URL(approved!.redirect_url);
    expect(back.searchParams.get('state')).toBe('state-42');
    const code = back.searchParams.get('code')!;

    const credentials = { id: app.client_id, secret: app.client_secret! };
    const wrong = await token({ grant_type: 'authorization_code', code, code_verifier: 'x'.repeat(43) }, credentials);
    expect(wrong.body.error).toBe('invalid_grant');
    const exchanged = await token(
      { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: APP },
      credentials,
    );
    expect(exchanged.status).toBe(200);
    expect(Object.keys(exchanged.body).sort()).toEqual([
      'access_token',
      'expires_in',
      'id_token',
      'refresh_token',
      'token_type',
    ]);
    expect(decodeClaims(exchanged.body.access_token)).toMatchObject({ sub: id, client_id: app.client_id });
    expect(decodeClaims(exchanged.body.id_token)).toMatchObject({
      sub: id,
      aud: app.client_id,
      nonce: 'nonce-7',
      email,
    });
    expect((await client(server).auth.getUser(exchanged.body.access_token)).data.user?.id).toBe(id);

    const again = await token({ grant_type: 'authorization_code', code, code_verifier: verifier }, credentials);
    expect([again.status, again.body]).toEqual([
      400,
      { error: 'invalid_grant', error_description: 'Invalid authorization code' },
    ]);

    const refreshed = await token(
      { grant_type: 'refresh_token', refresh_token: exchanged.body.refresh_token },
      credentials,
    );
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(exchanged.body.refresh_token);
    const other = await newClient();
    const stolen = await token(
      { grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token },
      { id: other.client_id, secret: other.client_secret! },
    );
    expect(stolen.body.error_code).toBe('refresh_token_not_found');
  });

  it('approves at once when the user consented before, and lets the user deny', async () => {
    const app = await newClient();
    const { supabase } = await signedUp();
    await codeFor(supabase, app.client_id);
    const second = (await authorize(app.client_id)).location.searchParams.get('authorization_id')!;
    const { data } = await supabase.auth.oauth.getAuthorizationDetails(second);
    expect(data).toEqual({ redirect_url: expect.stringContaining(`${APP}?code=`) });

    const widened = (await authorize(app.client_id, { scope: 'openid email phone' })).location.searchParams.get(
      'authorization_id',
    )!;
    expect((await supabase.auth.oauth.getAuthorizationDetails(widened)).data).toHaveProperty(
      'authorization_id',
      widened,
    );
    const denied = await supabase.auth.oauth.denyAuthorization(widened, { skipBrowserRedirect: true });
    const back = new URL(denied.data!.redirect_url);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      error: 'access_denied',
      error_description: 'User denied the request',
      state: 'state-42',
    });
  });

  it('refuses bad requests: to the caller without a client, to the application otherwise', async () => {
    const app = await newClient();
    const missing = await server.request(`/auth/v1/oauth/authorize?redirect_uri=${encodeURIComponent(APP)}`, {
      apikey: null,
    });
    expect([missing.status, (await missing.json()).msg]).toEqual([400, 'client_id is required']);
    const { status, location } = await authorize(app.client_id, { scope: 'openid calendars' });
    expect(status).toBe(302);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      error: 'invalid_request',
      error_description: 'unsupported scope: calendars',
      state: 'state-42',
    });
    const noPkce = await authorize(app.client_id, { code_challenge: '' });
    expect(noPkce.location.searchParams.get('error_description')).toBe(
      'PKCE flow requires both code_challenge and code_challenge_method',
    );
  });

  it('lists the user’s grants and revokes one, ending the application’s sessions', async () => {
    const app = await newClient();
    const { supabase } = await signedUp();
    const code = await codeFor(supabase, app.client_id);
    const credentials = { id: app.client_id, secret: app.client_secret! };
    const { body: tokens } = await token(
      { grant_type: 'authorization_code', code, code_verifier: verifier },
      credentials,
    );
    const { data: grants } = await supabase.auth.oauth.listGrants();
    expect(grants).toEqual([
      {
        client: { id: app.client_id, name: 'Planner sync' },
        scopes: ['openid', 'email'],
        granted_at: expect.any(String),
      },
    ]);
    expect((await supabase.auth.oauth.revokeGrant({ clientId: app.client_id })).error).toBeNull();
    expect((await supabase.auth.oauth.listGrants()).data).toEqual([]);
    const refresh = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }, credentials);
    expect(refresh.status).toBe(400);
  });

  it("asks the custom access token hook once for the client's token, which names the client", async () => {
    const { app, id, exchanged } = await publicClientSignIn();
    expect(decodeClaims(exchanged.body.access_token)).toMatchObject({ marked: true, client_id: app.client_id });
    const { rows } = await h.db.query<{ method: string; client: string | null }>(
      `select event->>'authentication_method' as method, event->'claims'->>'client_id' as client
         from public.oauth_token_events where event->>'user_id' = $1`,
      [id],
    );
    expect(rows.filter((row) => row.method === 'oauth_provider/authorization_code')).toEqual([
      { method: 'oauth_provider/authorization_code', client: app.client_id },
    ]);
  });

  it('lets a public client exchange its code with its id alone', async () => {
    const { code, exchanged } = await publicClientSignIn();
    expect(exchanged.status).toBe(200);
    const anonymous = await token({ grant_type: 'authorization_code', code });
    expect(anonymous.body).toEqual({ error: 'invalid_client', error_description: 'Client authentication required' });
  });
});
