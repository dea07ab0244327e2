// Failed password sign-ins per account, beyond GoTrue: after five failures, from any addresses, the account's
// password attempts wait a short time that doubles with each further failure; an unknown address is treated the
// same (nothing tells them apart); an address that signed in with the password lately is not held; the count lives
// in the database, so replicas share it.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { startBackend, type Backend } from '../../src/server.ts';
import { createHarness, type Harness, REPO_SUPABASE_DIR, scratchDataDir } from '../harness.ts';
import { API_2024, GOOD_PASSWORD, signUpWithSession, uniqueEmail, withConfig } from './helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** A password sign-in from `address` (many addresses: the per-address limit never applies here). */
async function signIn(target: Harness, address: string, email: string, password: string) {
  const response = await target.app.request(
    'http://127.0.0.1/auth/v1/token?grant_type=password',
    {
      method: 'POST',
      headers: { ...API_2024, apikey: h.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    },
    { incoming: { socket: { remoteAddress: address } } },
  );
  return { status: response.status, body: (await response.json()) as { code: string; message: string } };
}

let next = 0;
const anotherAddress = () => `198.18.${Math.floor((next += 1) / 250)}.${next % 250}`;

async function failFiveTimes(email: string) {
  for (let i = 0; i < 5; i += 1) {
    const answer = await signIn(h, anotherAddress(), email, `wrong-password-${i}`);
    expect(answer).toEqual({
      status: 400,
      body: { code: 'invalid_credentials', message: 'Invalid login credentials' },
    });
  }
}

/** The length of the account's current lock, in seconds. */
const lockedFor = async (email: string) => {
  const { rows } = await h.db.query<{ seconds: number }>(
    `select round(extract(epoch from locked_until - last_failed_at))::int as seconds from _backend.password_failures
     where account_key = encode(sha256(convert_to('email:' || lower($1), 'UTF8')), 'hex')`,
    [email],
  );
  return rows[0]?.seconds;
};
/** Lets the current lock run out, as if its time had passed. */
const expireLock = (email: string) =>
  h.db.query(
    `update _backend.password_failures set locked_until = now() - interval '1 second'
     where account_key = encode(sha256(convert_to('email:' || lower($1), 'UTF8')), 'hex')`,
    [email],
  );

describe('failed password sign-ins per account', () => {
  it('refuses further attempts after five failures from different addresses, even with the right password', async () => {
    const { email } = await signUpWithSession(h);
    await failFiveTimes(email);
    const refused = await signIn(h, anotherAddress(), email, GOOD_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('over_request_rate_limit');
    expect(refused.body.message).toMatch(
      /^Too many failed sign-in attempts\. For security purposes, you can only request this after (29|30) seconds\.$/,
    );
  });

  it('answers an unknown address exactly as an existing account', async () => {
    const known = (await signUpWithSession(h)).email;
    const unknown = uniqueEmail('nobody');
    const answers: Awaited<ReturnType<typeof signIn>>[] = [];
    for (const email of [known, unknown]) {
      await failFiveTimes(email);
      answers.push(await signIn(h, anotherAddress(), email, GOOD_PASSWORD));
    }
    // The wait may have ticked by a second between the two.
    const comparable = (answer: (typeof answers)[number]) => ({
      ...answer,
      body: { ...answer.body, message: answer.body.message.replace(/\d+/, 'N') },
    });
    expect(comparable(answers[1])).toEqual(comparable(answers[0]));
    expect(answers[0].status).toBe(429);
  });

  it('takes as long to refuse an unknown address as a wrong password: the bcrypt work is done either way', async () => {
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const timed = async (email: string) => {
      const started = performance.now();
      expect((await signIn(h, anotherAddress(), email, 'wrong-password-2')).status).toBe(400);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      known.push(await timed((await signUpWithSession(h)).email));
      unknown.push(await timed(uniqueEmail('nobody')));
    }
    // Without the bcrypt work an unknown address is refused in a few milliseconds, a fiftieth of a wrong password's
    // time; the band is wide so that a busy machine's noise does not matter.
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.33);
    expect(ratio).toBeLessThan(3);
  });

  it('doubles the wait with each failure after a lock runs out, up to ten minutes', async () => {
    const { email } = await signUpWithSession(h);
    await failFiveTimes(email);
    expect(await lockedFor(email)).toBe(30);
    const waits = [];
    for (let i = 0; i < 6; i += 1) {
      await expireLock(email);
      expect((await signIn(h, anotherAddress(), email, 'still-wrong-1')).status).toBe(400);
      waits.push(await lockedFor(email));
    }
    expect(waits).toEqual([60, 120, 240, 480, 600, 600]);
    // After the wait the right password signs in, and the count starts again.
    await expireLock(email);
    expect((await signIn(h, anotherAddress(), email, GOOD_PASSWORD)).status).toBe(200);
    expect(await lockedFor(email)).toBeUndefined();
  });

  it('does not hold an address that signed in with the password lately, so the owner is not locked out', async () => {
    const { email } = await signUpWithSession(h);
    const owners = '198.51.100.77';
    expect((await signIn(h, owners, email, GOOD_PASSWORD)).status).toBe(200);
    await failFiveTimes(email);
    expect((await signIn(h, anotherAddress(), email, GOOD_PASSWORD)).status).toBe(429);
    expect((await signIn(h, owners, email, GOOD_PASSWORD)).status).toBe(200);
  });

  it('counts failures in the database, across replicas and e-mail spellings', async () => {
    const { email } = await signUpWithSession(h);
    const replica = withConfig(h, () => {});
    for (let i = 0; i < 5; i += 1) {
      const target = i % 2 === 0 ? h : replica;
      const spelling = i % 2 === 0 ? email : email.toUpperCase();
      expect((await signIn(target, anotherAddress(), spelling, 'wrong-password-0')).status).toBe(400);
    }
    expect((await signIn(replica, anotherAddress(), email, GOOD_PASSWORD)).status).toBe(429);
  });

  it('lets failures under the limit be forgotten by a successful sign-in', async () => {
    const { email } = await signUpWithSession(h);
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 4; i += 1) {
        expect((await signIn(h, anotherAddress(), email, 'wrong-password-1')).status).toBe(400);
      }
      expect((await signIn(h, anotherAddress(), email, GOOD_PASSWORD)).status).toBe(200);
    }
  });
});

describe('sign-ins through the web app’s server, over a real socket', () => {
  let backend: Backend;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = scratchDataDir('throttle');
    // A small allowance refills slowly (5 per 5 minutes), so no token comes back while the test runs.
    backend = await startBackend(
      loadConfig({
        SUPABASE_DIR: REPO_SUPABASE_DIR,
        DATA_DIR: dataDir,
        BACKEND_PORT: '0',
        SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '5',
      }),
    );
  });
  afterAll(async () => {
    await backend?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // The web app's server is on this machine and names the visitor, as a trusted proxy does.
  const attempt = (visitor: string, email: string) =>
    fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: {
        apikey: backend.deps.keys.publishableKey,
        'content-type': 'application/json',
        'x-forwarded-for': visitor,
      },
      body: JSON.stringify({ email, password: 'guessed-password-1' }),
    }).then((response) => response.status);

  it('stops guessing one account after five tries, whichever visitors they come from', async () => {
    const oneAccount = [];
    for (let i = 0; i < 8; i += 1) oneAccount.push(await attempt(`203.0.113.${i + 1}`, 'target@example.com'));
    expect(oneAccount).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
  });

  it('stops one visitor after sign_in_sign_ups tries, and not the server’s other visitors', async () => {
    const limit = backend.deps.config.project.auth.rate_limit.sign_in_sign_ups;
    const oneVisitor = [];
    for (let i = 0; i <= limit; i += 1) oneVisitor.push(await attempt('198.51.100.200', `guess-${i}@example.com`));
    expect(oneVisitor.slice(0, limit).every((status) => status === 400)).toBe(true);
    expect(oneVisitor[limit]).toBe(429);
    expect(await attempt('198.51.100.201', 'someone@example.com')).toBe(400);
  });
});
