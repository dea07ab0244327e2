// Helpers for the auth tests: JSON calls into the harness as auth-js makes them, supabase-js served in process,
// reading the mailbox, and the auth service under another configuration on the same database.
import type { SupabaseClient, SupabaseClientOptions } from '@supabase/supabase-js';
import { createNodeClient } from '@teamplan/supabase-node';
import { Hono } from 'hono';
import { authRoutes, openAuthRoutes } from '../../src/auth/routes.ts';
import type { Config } from '../../src/config.ts';
import { apiKeyGateway } from '../../src/http/apikey.ts';
import type { AppEnv } from '../../src/http/env.ts';
import { compileTrustedProxies, trustProxies } from '../../src/http/visitor.ts';
import { mountMailbox } from '../../src/mail/routes.ts';
import type { Harness } from '../harness.ts';

export const API_2024 = { 'x-supabase-api-version': '2024-01-01' };

export interface Call {
  status: number;
  body: any;
  headers: Headers;
}

export async function call(
  h: Harness,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; apikey?: string | null } = {},
): Promise<Call> {
  const headers: Record<string, string> = { ...API_2024, ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await h.request(`/auth/v1${path}`, {
    method,
    headers,
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body),
    redirect: 'manual',
    apikey: options.apikey,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: keep the text.
  }
  return { status: response.status, body, headers: response.headers };
}

/** supabase-js as a Node process builds it, its requests served by `target`'s app in process (no socket). */
export function supabaseJs(
  target: Harness,
  key = target.keys.anonKey,
  auth: SupabaseClientOptions<'public'>['auth'] = {},
): SupabaseClient {
  return createNodeClient('http://127.0.0.1:54321', key, {
    auth,
    global: { fetch: (input, init) => Promise.resolve(target.app.fetch(new Request(input, init))) },
  });
}

let counter = 0;
export const uniqueEmail = (label = 'user') => `${label}-${Date.now().toString(36)}-${(counter += 1)}@example.com`;

export const GOOD_PASSWORD = 'correct-horse-7';

/** Signs up with confirmations off and returns the session. */
export async function signUpWithSession(
  h: Harness,
  email = uniqueEmail(),
  password = GOOD_PASSWORD,
  data: Record<string, unknown> = {},
) {
  const result = await call(h, 'POST', '/signup', { body: { email, password, data } });
  if (result.status !== 200) throw new Error(`sign-up failed: ${result.status} ${JSON.stringify(result.body)}`);
  return {
    email,
    password,
    session: result.body as { access_token: string; refresh_token: string; user: { id: string } },
  };
}

export interface Mail {
  id: number;
  to: string;
  subject: string;
  html: string;
  text: string;
  kind: string;
}

/** Messages for an address, newest first, through the mailbox's JSON endpoint. */
export async function mailsFor(h: Harness, to: string): Promise<Mail[]> {
  const response = await h.request(`/mailbox/messages?to=${encodeURIComponent(to)}`, { apikey: null });
  return (await response.json()) as Mail[];
}

export async function latestMail(h: Harness, to: string): Promise<Mail> {
  const [mail] = await mailsFor(h, to);
  if (!mail) throw new Error(`no mail for ${to}`);
  return mail;
}

/** The /verify link and the one-time code of an auth e-mail. */
export function linkAndCode(mail: Mail): { link: URL; code: string } {
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text)?.[0];
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!link || !code) throw new Error(`no link or code in: ${mail.text}`);
  return { link: new URL(link), code };
}

/** Opens a /verify link as a browser would (no apikey) and returns where it redirects. */
export async function openLink(h: Harness, link: URL): Promise<URL> {
  const response = await h.request(`${link.pathname}${link.search}`, { apikey: null, redirect: 'manual' });
  if (response.status !== 303) throw new Error(`expected a redirect, got ${response.status}: ${await response.text()}`);
  return new URL(response.headers.get('location')!);
}

export const fragmentOf = (url: URL) => new URLSearchParams(url.hash.slice(1));

export function decodeClaims(token: string): Record<string, any> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

export function withConfirmations(config: { project: { auth: { email: { enable_confirmations: boolean } } } }) {
  config.project.auth.email.enable_confirmations = true;
}

/**
 * The auth service (and mailbox) of `h`, rebuilt with a changed configuration on the same database and keys. Only
 * these routes are built: a whole app would add another long-lived database listener for each variant.
 */
export function withConfig(h: Harness, configure: (config: Config) => void): Harness {
  const config = structuredClone(h.config);
  configure(config);
  const deps = { config, db: h.db, keys: h.keys, mailer: h.mailer };
  const app = new Hono<AppEnv>();
  app.use('*', trustProxies(compileTrustedProxies(config.trustedProxies)));
  app.route('/auth/v1', openAuthRoutes(deps));
  app.use('/auth/v1/*', apiKeyGateway(deps.keys));
  app.route('/auth/v1', authRoutes(deps));
  mountMailbox(app, deps);
  return {
    ...h,
    ...deps,
    app,
    request(pathname, init = {}) {
      const { apikey, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (apikey !== null && !headers.has('apikey')) headers.set('apikey', apikey ?? h.keys.anonKey);
      return Promise.resolve(app.request(`http://127.0.0.1${pathname}`, { ...rest, headers }));
    },
    close: async () => {},
  };
}
