// Rate limits as GoTrue applies them: per visitor address (taken from X-Forwarded-For only when a trusted proxy
// such as the web app's server sends it), stored in the database (so replicas share them), configured by
// [auth.rate_limit]; 429 over_request_rate_limit, over_email_send_rate_limit for e-mail, and one e-mail of a kind per
// address within max_frequency.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes } from '../../src/auth/routes.ts';
import { loadConfig, readProjectConfig, type Config } from '../../src/config.ts';
import { apiKeyGateway } from '../../src/http/apikey.ts';
import type { AppEnv } from '../../src/http/env.ts';
import type { MailMessage } from '../../src/mail/mailer.ts';
import { createHarness, type Harness } from '../harness.ts';
import { API_2024, GOOD_PASSWORD, signUpWithSession, uniqueEmail, withConfig } from './helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** A call as if it came over a socket from `address`, naming a visitor in X-Forwarded-For when `forwardedFor` is given. */
async function from(
  target: Harness,
  address: string,
  method: string,
  pathname: string,
  body?: unknown,
  forwardedFor?: string,
): Promise<{ status: number; body: any }> {
  const forwarded: Record<string, string> = forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };
  const response = await target.app.request(
    `http://127.0.0.1/auth/v1${pathname}`,
    {
      method,
      headers: { ...API_2024, ...forwarded, apikey: h.keys.anonKey, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: address } } },
  );
  return { status: response.status, body: await response.json().catch(() => undefined) };
}

const limits = (values: Partial<Config['project']['auth']['rate_limit']>) => (config: Config) => {
  Object.assign(config.project.auth.rate_limit, values);
};

/** A wrong password each time for another unknown address, so the per-account limit never comes into play. */
const wrongPassword = () => ({ email: uniqueEmail('nobody'), password: 'not-the-password-1' });
const signIn = '/token?grant_type=password';

describe('request rate limits per client address', () => {
  it('refuses sign-ins beyond sign_in_sign_ups with 429 over_request_rate_limit, per address', async () => {
    const limited = withConfig(h, limits({ sign_in_sign_ups: 3 }));
    for (let i = 0; i < 3; i += 1) {
      expect((await from(limited, '198.51.100.1', 'POST', signIn, wrongPassword())).status).toBe(400);
    }
    const refused = await from(limited, '198.51.100.1', 'POST', signIn, wrongPassword());
    expect(refused).toEqual({
      status: 429,
      body: { code: 'over_request_rate_limit', message: 'Request rate limit reached' },
    });
    const signup = await from(limited, '198.51.100.1', 'POST', '/signup', {
      email: uniqueEmail(),
      password: GOOD_PASSWORD,
    });
    expect(signup.status).toBe(429);
    // Another address has its own allowance.
    expect((await from(limited, '198.51.100.2', 'POST', signIn, wrongPassword())).status).toBe(400);
  });

  it('limits this machine too: the web app’s server is one visitor unless it names the visitor', async () => {
    const limited = withConfig(h, limits({ sign_in_sign_ups: 2 }));
    for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const answers = [];
      for (let i = 0; i < 3; i += 1) answers.push((await from(limited, local, 'POST', signIn, wrongPassword())).status);
      expect([local, answers]).toEqual([local, [400, 400, 429]]);
      await h.db.exec("delete from _backend.rate_limits where bucket like 'sign_in_sign_ups:%'");
    }
  });

  it('limits each visitor a trusted proxy names in X-Forwarded-For, and ignores the header from anyone else', async () => {
    const limited = withConfig(h, limits({ sign_in_sign_ups: 2 }));
    const viaWebServer = (visitor: string) => from(limited, '127.0.0.1', 'POST', signIn, wrongPassword(), visitor);
    expect([(await viaWebServer('203.0.113.1')).status, (await viaWebServer('203.0.113.1')).status]).toEqual([
      400, 400,
    ]);
    expect((await viaWebServer('203.0.113.1')).status).toBe(429);
    // Another visitor behind the same server, and the same visitor passed on by a proxy chain, keep their own count.
    expect((await viaWebServer('203.0.113.2')).status).toBe(400);
    expect((await viaWebServer('203.0.113.1, 127.0.0.1')).status).toBe(429);
    // Entries that are not addresses are skipped.
    expect((await viaWebServer('not-an-address, 203.0.113.1')).status).toBe(429);

    // A client that is not a trusted proxy cannot pick a fresh address for each attempt.
    const direct = (spoofed: string) => from(limited, '198.51.100.9', 'POST', signIn, wrongPassword(), spoofed);
    const answers = [];
    for (const spoofed of ['203.0.113.10', '203.0.113.11', '203.0.113.12'])
      answers.push((await direct(spoofed)).status);
    expect(answers).toEqual([400, 400, 429]);
  });

  it('trusts the proxies BACKEND_TRUSTED_PROXIES names instead of loopback', async () => {
    const config = (env: Record<string, string>) =>
      withConfig(h, (c) => {
        c.trustedProxies = loadConfig({ ...env, SUPABASE_DIR: h.config.supabaseDir }).trustedProxies;
        c.project.auth.rate_limit.sign_in_sign_ups = 1;
      });
    const proxied = config({ BACKEND_TRUSTED_PROXIES: '192.0.2.0/24' });
    expect((await from(proxied, '192.0.2.7', 'POST', signIn, wrongPassword(), '203.0.113.20')).status).toBe(400);
    expect((await from(proxied, '192.0.2.8', 'POST', signIn, wrongPassword(), '203.0.113.21')).status).toBe(400);
    expect((await from(proxied, '192.0.2.8', 'POST', signIn, wrongPassword(), '203.0.113.21')).status).toBe(429);
    // Loopback is then no proxy: what it forwards is ignored.
    expect((await from(proxied, '127.0.0.9', 'POST', signIn, wrongPassword(), '203.0.113.22')).status).toBe(400);
    expect((await from(proxied, '127.0.0.9', 'POST', signIn, wrongPassword(), '203.0.113.23')).status).toBe(429);

    const none = config({ BACKEND_TRUSTED_PROXIES: '' });
    expect((await from(none, '127.0.0.10', 'POST', signIn, wrongPassword(), '203.0.113.24')).status).toBe(400);
    expect((await from(none, '127.0.0.10', 'POST', signIn, wrongPassword(), '203.0.113.25')).status).toBe(429);
    expect(() => loadConfig({ BACKEND_TRUSTED_PROXIES: 'not a range' })).toThrow(/BACKEND_TRUSTED_PROXIES/);
  });

  it('shares the count between replicas through the database', async () => {
    const first = withConfig(h, limits({ token_verifications: 2 }));
    const second = withConfig(h, limits({ token_verifications: 2 }));
    const verify = { type: 'signup', token_hash: 'not-a-real-token' };
    expect((await from(first, '198.51.100.3', 'POST', '/verify', verify)).status).toBe(403);
    expect((await from(second, '198.51.100.3', 'POST', '/verify', verify)).status).toBe(403);
    expect((await from(first, '198.51.100.3', 'POST', '/verify', verify)).status).toBe(429);
    expect((await from(second, '198.51.100.3', 'POST', '/verify', verify)).status).toBe(429);
  });

  it('limits refreshes by token_refresh, separately from sign-ins', async () => {
    const limited = withConfig(h, limits({ token_refresh: 2, sign_in_sign_ups: 100 }));
    const { session } = await signUpWithSession(h);
    let token = session.refresh_token;
    for (let i = 0; i < 2; i += 1) {
      const refreshed = await from(limited, '198.51.100.4', 'POST', '/token?grant_type=refresh_token', {
        refresh_token: token,
      });
      expect(refreshed.status).toBe(200);
      token = refreshed.body.refresh_token;
    }
    const refused = await from(limited, '198.51.100.4', 'POST', '/token?grant_type=refresh_token', {
      refresh_token: token,
    });
    expect([refused.status, refused.body.code]).toEqual([429, 'over_request_rate_limit']);
    expect((await from(limited, '198.51.100.4', 'POST', signIn, wrongPassword())).status).toBe(400);
  });
});

describe('e-mail sending limits', () => {
  it('sends one e-mail of a kind to an address per max_frequency (60 s by default)', async () => {
    const strict = withConfig(h, (config) => {
      config.project.auth.email.max_frequency = '60s';
    });
    const { email } = await signUpWithSession(h);
    expect((await from(strict, '198.51.100.5', 'POST', '/recover', { email })).status).toBe(200);
    const again = await from(strict, '198.51.100.5', 'POST', '/recover', { email });
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('over_email_send_rate_limit');
    expect(again.body.message).toMatch(/^For security purposes, you can only request this after (59|60) seconds\.$/);
  });

  it('limits the project to email_sent messages per hour when mail goes out by SMTP', async () => {
    const sent: MailMessage[] = [];
    const config = structuredClone(h.config);
    config.project.auth.rate_limit.email_sent = 2;
    const deps = {
      ...h,
      config,
      mailer: { usesMailbox: false, send: async (message: MailMessage) => void sent.push(message) },
    };
    const app = new Hono<AppEnv>();
    app.use('/auth/v1/*', apiKeyGateway(deps.keys));
    app.route('/auth/v1', authRoutes(deps));
    const smtp = { ...h, app } as Harness;
    await h.db.exec("delete from _backend.rate_limits where bucket = 'email_sent'");
    const accounts = await Promise.all([0, 1, 2].map(() => signUpWithSession(h)));
    const answers = [];
    for (const { email } of accounts) answers.push(await from(smtp, '198.51.100.6', 'POST', '/recover', { email }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
    expect(answers[2].body.code).toBe('over_email_send_rate_limit');
    expect(sent).toHaveLength(2);
  });
});

describe('[auth.rate_limit] in config.toml', () => {
  it('reads the Supabase CLI keys, with GoTrue’s defaults for the rest', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'teamplan-limits-'));
    try {
      writeFileSync(path.join(dir, 'config.toml'), '[auth.rate_limit]\ntoken_refresh = 10\nsign_in_sign_ups = 5\n');
      const parsed = readProjectConfig(dir, {}).auth.rate_limit;
      expect(parsed).toEqual({
        email_sent: 2,
        sms_sent: 30,
        anonymous_users: 30,
        token_refresh: 10,
        sign_in_sign_ups: 5,
        token_verifications: 30,
        web3: 30,
      });
      const overridden = readProjectConfig(dir, { SUPABASE_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '7' });
      expect(overridden.auth.rate_limit.token_verifications).toBe(7);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
