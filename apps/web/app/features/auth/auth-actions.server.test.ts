import { createNodeClient } from '@teamplan/supabase-node';
import { describe, expect, it } from 'vitest';
import { signIn, TOO_MANY_ATTEMPTS_MESSAGE, WRONG_CREDENTIALS_MESSAGE } from './auth-actions.server';

// A real supabase-js client whose auth service answers every request with `status` and `body`.
function clientAnswering(status: number, body: unknown) {
  const answer = async () =>
    new Response(JSON.stringify(body), {
      status,
      // As GoTrue answers: from this API version on, supabase-js reads the error's code from `code`.
      headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    });
  return createNodeClient('http://backend.test', 'anon-key', { global: { fetch: answer } });
}

describe('signIn', () => {
  it("says in the product's words that sign-in must wait when the auth service refuses with 429", async () => {
    const supabase = clientAnswering(429, {
      code: 'over_request_rate_limit',
      message: 'Too many failed sign-in attempts. For security purposes, you can only request this after 30 seconds.',
    });
    const result = await signIn(supabase, 'ada@example.com', 'guess-1', '/');
    expect(result).toMatchObject({ data: { formError: TOO_MANY_ATTEMPTS_MESSAGE }, init: { status: 429 } });
  });

  it('says in plain words, with the form, that the e-mail or password is wrong', async () => {
    const supabase = clientAnswering(400, { code: 'invalid_credentials', message: 'Invalid login credentials' });
    const result = await signIn(supabase, 'ada@example.com', 'wrong-1', '/');
    expect(result).toMatchObject({ data: { formError: WRONG_CREDENTIALS_MESSAGE }, init: { status: 400 } });
  });
});
