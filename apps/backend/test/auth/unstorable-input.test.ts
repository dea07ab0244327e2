// Input Postgres cannot store or parse, sent to the auth service: NUL characters, unpaired surrogates and JSON
// nested 10,000 deep. Each is a 400 validation_failed before any SQL runs, as GoTrue answers, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../harness.ts';
import { call, GOOD_PASSWORD, signUpWithSession, uniqueEmail } from './helpers.ts';

let h: Harness;
let account: Awaited<ReturnType<typeof signUpWithSession>>;
beforeAll(async () => {
  h = await createHarness();
  account = await signUpWithSession(h);
});
afterAll(() => h.close());

const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const NUL = '\\u0000';
const SURROGATE = '\\ud800';

function expectValidationFailed(response: { status: number; body: any }) {
  expect(response.status).toBe(400);
  expect(response.body.code).toBe('validation_failed');
  expect(JSON.stringify(response.body)).not.toMatch(/UTF8|0x00|hook|pg-functions|stack/i);
}

describe('input the database cannot store', () => {
  it.each([
    ['a NUL in the password', `{"email":"EMAIL","password":"pass${NUL}word"}`],
    ['a NUL in the e-mail', `{"email":"EMAIL${NUL}","password":"x"}`],
    ['an unpaired surrogate in the password', `{"email":"EMAIL","password":"pass${SURROGATE}"}`],
  ])('password grant with %s: 400', async (_, template) => {
    const body = template.replace('EMAIL', account.email);
    expectValidationFailed(await call(h, 'POST', '/token?grant_type=password', { body }));
  });

  it.each([NUL, SURROGATE])('refresh token grant with %s: 400', async (character) => {
    const body = `{"refresh_token":"${account.session.refresh_token}${character}"}`;
    expectValidationFailed(await call(h, 'POST', '/token?grant_type=refresh_token', { body }));
  });

  it.each([
    ['a NUL', `{"full_name":"Ann${NUL}"}`],
    ['an unpaired surrogate', `{"full_name":"Ann${SURROGATE}"}`],
    ['a NUL in a key', `{"full${NUL}name":"Ann"}`],
    ['nesting 10,000 deep', `{"deep":${nested(10_000)}}`],
  ])('sign-up whose metadata holds %s: 400, and no account', async (_, data) => {
    const email = uniqueEmail('odd');
    const body = `{"email":"${email}","password":"${GOOD_PASSWORD}","data":${data}}`;
    expectValidationFailed(await call(h, 'POST', '/signup', { body }));
    const { rows } = await h.db.query('select 1 from auth.users where email = $1', [email]);
    expect(rows).toHaveLength(0);
  });

  it('refuses a NUL next to an emoji, and still takes characters outside the basic plane', async () => {
    const email = uniqueEmail('emoji');
    const response = await call(h, 'POST', '/signup', {
      body: `{"email":"${email}","password":"${GOOD_PASSWORD}","data":{"full_name":"Ann \\ud83d\\ude00${NUL}"}}`,
    });
    expectValidationFailed(response);
    const fine = await call(h, 'POST', '/signup', {
      body: { email, password: GOOD_PASSWORD, data: { full_name: 'Ann 😀 日本' } },
    });
    expect(fine.status).toBe(200);
  });

  it('verify with NUL characters: 400, by POST and by the e-mailed link', async () => {
    expectValidationFailed(
      await call(h, 'POST', '/verify', { body: `{"type":"signup","token":"12${NUL}3456","email":"${account.email}"}` }),
    );
    expectValidationFailed(await call(h, 'GET', '/verify?type=signup&token=ab%00cd', { apikey: null }));
  });
});
