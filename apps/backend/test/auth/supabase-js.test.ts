// The auth service driven by @supabase/supabase-js against a real listening backend, as the web app calls it.
import { rmSync } from 'node:fs';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createNodeClient } from '@teamplan/supabase-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { startBackend, type Backend } from '../../src/server.ts';
import { REPO_SUPABASE_DIR, scratchDataDir } from '../harness.ts';

let backend: Backend;
let dataDir: string;
const password = 'Sturdy-pass-42';
let counter = 0;
const newEmail = () => `js-${Date.now().toString(36)}-${(counter += 1)}@example.com`;

function client(flowType: 'implicit' | 'pkce' = 'implicit'): SupabaseClient {
  return createNodeClient(backend.url, backend.deps.keys.anonKey, { auth: { flowType } });
}

async function latestMailText(to: string): Promise<string> {
  const response = await fetch(`${backend.url}/mailbox/messages?to=${encodeURIComponent(to)}`);
  const [mail] = (await response.json()) as Array<{ text: string }>;
  return mail.text;
}

/**
 * Follows an e-mailed link like a browser and returns where the backend redirects. Links name the configured
 * external URL; this server listens on a port chosen at start, so the link's path is opened on it.
 */
async function openMailLink(to: string): Promise<URL> {
  const link = new URL(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(await latestMailText(to))![0]);
  const response = await fetch(`${backend.url}${link.pathname}${link.search}`, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!);
}

beforeAll(async () => {
  dataDir = scratchDataDir('js');
  backend = await startBackend(loadConfig({ SUPABASE_DIR: REPO_SUPABASE_DIR, DATA_DIR: dataDir, BACKEND_PORT: '0' }));
});
afterAll(async () => {
  await backend?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('supabase.auth against the backend', () => {
  it('signUp returns a session and the metadata; signInWithPassword and getUser follow', async () => {
    const supabase = client();
    const email = newEmail();
    const signUp = await supabase.auth.signUp({ email, password, options: { data: { full_name: 'Gil' } } });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session?.access_token).toBeTruthy();
    expect(signUp.data.user?.user_metadata.full_name).toBe('Gil');

    const signIn = await client().auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();
    expect(signIn.data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    const { data, error } = await supabase.auth.getUser(signIn.data.session!.access_token);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    const claims = await supabase.auth.getClaims(signIn.data.session!.access_token);
    expect(claims.data?.claims.sub).toBe(data.user?.id);
  });

  it('reports weak passwords with every reason, and invalid credentials', async () => {
    const supabase = client();
    const weak = await supabase.auth.signUp({ email: newEmail(), password: 'abc' });
    expect(weak.error?.name).toBe('AuthWeakPasswordError');
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe('weak_password');
    expect((weak.error as unknown as { reasons: string[] }).reasons).toEqual(['length', 'characters']);

    const wrong = await supabase.auth.signInWithPassword({ email: newEmail(), password });
    expect(wrong.error?.name).toBe('AuthApiError');
    expect(wrong.error?.message).toBe('Invalid login credentials');
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.status).toBe(400);
  });

  it('updateUser changes metadata and the password', async () => {
    const supabase = client();
    const email = newEmail();
    await supabase.auth.signUp({ email, password });
    const metadata = await supabase.auth.updateUser({ data: { job_title: 'Planner' } });
    expect(metadata.data.user?.user_metadata.job_title).toBe('Planner');
    const changed = await supabase.auth.updateUser({ password: 'Another-pass-43' });
    expect(changed.error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'Another-pass-43' })).error).toBeNull();
  });

  it('refreshSession rotates, tolerates a reuse within the interval, and a late reuse ends the session', async () => {
    const supabase = client();
    const { data } = await supabase.auth.signUp({ email: newEmail(), password });
    const original = data.session!.refresh_token;
    const first = await client().auth.refreshSession({ refresh_token: original });
    expect(first.error).toBeNull();
    expect(first.data.session!.refresh_token).not.toBe(original);
    const again = await client().auth.refreshSession({ refresh_token: original });
    expect(again.data.session!.refresh_token).toBe(first.data.session!.refresh_token);

    await backend.deps.db.query(
      "update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1",
      [original],
    );
    const late = await client().auth.refreshSession({ refresh_token: original });
    expect(late.error?.code).toBe('refresh_token_already_used');
    const current = await client().auth.refreshSession({ refresh_token: first.data.session!.refresh_token });
    expect(current.error).not.toBeNull();
  });

  it('signOut with scope others keeps this session, local ends it', async () => {
    const email = newEmail();
    const a = client();
    const b = client();
    await a.auth.signUp({ email, password });
    await b.auth.signInWithPassword({ email, password });
    const bToken = (await b.auth.getSession()).data.session!.access_token;
    expect((await a.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await a.auth.getUser()).error).toBeNull();
    // A client that is told its token's session is gone forgets its own session, so another client asks.
    const ended = await client().auth.getUser(bToken);
    expect(ended.error?.name).toBe('AuthSessionMissingError');
    const aToken = (await a.auth.getSession()).data.session!.access_token;
    expect((await a.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await client().auth.getUser(aToken)).error?.name).toBe('AuthSessionMissingError');
  });

  it('recovers a password through the mailbox with PKCE: link, code exchange, new password', async () => {
    const email = newEmail();
    await client().auth.signUp({ email, password });
    const supabase = client('pkce');
    const events: string[] = [];
    supabase.auth.onAuthStateChange((event) => void events.push(event));
    const sent = await supabase.auth.resetPasswordForEmail(email, { redirectTo: 'http://127.0.0.1:3000/confirm' });
    expect(sent.error).toBeNull();
    const target = await openMailLink(email);
    expect(`${target.origin}${target.pathname}`).toBe('http://127.0.0.1:3000/confirm');
    const code = target.searchParams.get('code')!;
    const exchanged = await supabase.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(email);
    expect(events).toContain('PASSWORD_RECOVERY');
    expect((await supabase.auth.updateUser({ password: 'Recovered-pass-44' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'Recovered-pass-44' })).error).toBeNull();
  });

  it('recovers with the e-mailed code through verifyOtp', async () => {
    const email = newEmail();
    await client().auth.signUp({ email, password });
    const supabase = client();
    await supabase.auth.resetPasswordForEmail(email);
    const code = /\b(\d{6})\b/.exec(await latestMailText(email))![1];
    const verified = await supabase.auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);
  });
});
