// Property-based hostile input to the auth service: generated bodies and queries for its public endpoints, full of
// NULs, unpaired surrogates, SQL fragments, deep nesting, wrong types and forged tokens. Each must be answered below
// 500, with no SQL, stack trace, file path or internal name in the body, and the service still answering after.
// 300 requests by default (HOSTILE_AUTH_RUNS and HOSTILE_SEED change that).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../harness.ts';
import { call, signUpWithSession } from './helpers.ts';

const RUNS = Number(process.env.HOSTILE_AUTH_RUNS ?? 300);
const LEAKS = [
  /\bselect\b[\s\S]*\bfrom\b/i,
  /\binsert into\b|\bupdate auth\./i,
  /invalid byte sequence|unsupported Unicode|stack depth/i,
  /\bat .*\.(ts|js):\d+/,
  /node_modules|src\/(auth|db|rest)/,
  /pg-functions:\/\//,
];

let h: Harness;
let refreshToken: string;
beforeAll(async () => {
  h = await createHarness();
  refreshToken = (await signUpWithSession(h)).session.refresh_token;
});
afterAll(() => h.close());

const nasty = fc.oneof(
  fc.constantFrom("'; drop table auth.users; --", '" or 1=1 --', '\u0000', '\uD800', '\uDFFF', 'a\u0000b', '$1', '%00'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constant('x'.repeat(5000)),
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  nasty,
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nasty, { maxLength: 3 }),
  fc.dictionary(nasty, nasty, { maxKeys: 3 }),
);
const deep = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

const FIELDS = ['email', 'password', 'phone', 'refresh_token', 'token', 'token_hash', 'type', 'data', 'code_challenge'];
const ENDPOINTS = [
  '/signup',
  '/token?grant_type=password',
  '/token?grant_type=refresh_token',
  '/token?grant_type=pkce',
  '/verify',
  '/otp',
  '/recover',
  '/resend',
  '/logout',
];

const request = fc.record({
  path: fc.constantFrom(...ENDPOINTS),
  body: fc.oneof(
    fc.dictionary(fc.constantFrom(...FIELDS), anyValue, { maxKeys: 5 }).map((value) => JSON.stringify(value)),
    fc.constantFrom(`{"data":${deep(5000)}}`, '{"email":', '[]', 'null', '"x"', `{"refresh_token":"REFRESH\\u0000"}`),
  ),
  token: fc.oneof(fc.constant(undefined), nasty, fc.constant('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.')),
});

describe('hostile auth requests', () => {
  it(`answers ${RUNS} generated requests below 500 without leaking internals, and keeps answering`, async () => {
    const seed = process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : undefined;
    await fc.assert(
      fc.asyncProperty(request, async ({ path, body, token }) => {
        const headers: Record<string, string> =
          token === undefined ? {} : { authorization: `Bearer ${token.replace(/[^\x21-\x7e]/g, '')}` };
        const response = await call(h, 'POST', path, {
          body: body.replace('REFRESH', refreshToken),
          headers: { ...headers, 'content-type': 'application/json' },
        });
        const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body ?? '');
        expect(response.status, `${path} ${body.slice(0, 200)} -> ${text.slice(0, 300)}`).toBeLessThan(500);
        for (const leak of LEAKS) expect(text).not.toMatch(leak);
      }),
      { numRuns: RUNS, ...(seed === undefined ? {} : { seed }) },
    );
    expect((await call(h, 'GET', '/health')).status).toBe(200);
  }, 120_000);
});
