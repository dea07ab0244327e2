// The custom access token hook ([auth.hook.custom_access_token], a pg-functions URI): asked before every access token
// is signed, with GoTrue's payload (the claims and how the user authenticated); the claims it answers with are signed,
// once they pass GoTrue's minimum schema. A rejection, or claims that do not pass, fail the sign-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../harness.ts';
import { call, decodeClaims, GOOD_PASSWORD, uniqueEmail, withConfig } from './helpers.ts';

const HOOK_URI = 'pg-functions://postgres/public/test_custom_access_token';

let h: Harness;
let hooked: Harness;
beforeAll(async () => {
  h = await createHarness();
  // Records every event; the user's metadata chooses how it answers ("hook": reject, no-claims, drop-email).
  await h.db.exec(`
    create table public.test_token_events (event jsonb not null);
    create function public.test_custom_access_token(event jsonb) returns jsonb language plpgsql as $$
    declare
      claims jsonb := event->'claims';
      mode text := event->'claims'->'user_metadata'->>'hook';
    begin
      insert into public.test_token_events (event) values (event);
      if mode = 'reject' then
        return jsonb_build_object('error', jsonb_build_object('http_code', 403, 'message', 'No tokens today.'));
      elsif mode = 'no-claims' then
        return '{}'::jsonb;
      elsif mode = 'drop-email' then
        return jsonb_build_object('claims', (claims - 'email') || '{"exp": "later"}');
      end if;
      return jsonb_set(event, '{claims,user_role}', '"planner"');
    end $$;
  `);
  hooked = withConfig(h, (config) => {
    config.project.auth.hook.custom_access_token = { enabled: true, uri: HOOK_URI, secrets: '' };
  });
});
afterAll(() => h.close());

/** A confirmed account whose metadata tells the hook how to answer. */
async function account(hook?: string): Promise<string> {
  const email = uniqueEmail('token');
  const created = await call(h, 'POST', '/admin/users', {
    token: h.keys.serviceRoleKey,
    body: { email, password: GOOD_PASSWORD, email_confirm: true, user_metadata: hook ? { hook } : {} },
  });
  expect(created.status).toBe(200);
  return email;
}

const signIn = (target: Harness, email: string) =>
  call(target, 'POST', '/token?grant_type=password', { body: { email, password: GOOD_PASSWORD } });

async function eventsFor(email: string): Promise<Array<Record<string, any>>> {
  const { rows } = await h.db.query<{ event: Record<string, any> }>(
    `select event from public.test_token_events where event->'claims'->>'email' = $1`,
    [email],
  );
  return rows.map((row) => row.event);
}

describe('custom access token hook', () => {
  it("signs the hook's claims at sign-in and refresh, after sending GoTrue's payload", async () => {
    const email = await account();
    const session = await signIn(hooked, email);
    expect(session.status).toBe(200);
    const claims = decodeClaims(session.body.access_token);
    expect(claims).toMatchObject({ user_role: 'planner', email, role: 'authenticated', aal: 'aal1' });
    expect(session.body.expires_at).toBe(claims.exp);
    // The token is the backend's own: it is accepted as the user's.
    expect((await call(hooked, 'GET', '/user', { token: session.body.access_token })).body.email).toBe(email);

    const [event] = await eventsFor(email);
    expect(event.metadata).toMatchObject({ name: 'customize-access-token', uuid: expect.any(String) });
    expect(event.user_id).toBe(session.body.user.id);
    expect(event.authentication_method).toBe('password');
    const { user_role: _added, ...sent } = claims;
    expect(event.claims).toEqual(sent);

    const refreshed = await call(hooked, 'POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: session.body.refresh_token },
    });
    expect(refreshed.status).toBe(200);
    expect(decodeClaims(refreshed.body.access_token).user_role).toBe('planner');
    expect((await eventsFor(email)).map((e) => e.authentication_method)).toEqual(['password', 'token_refresh']);
  });

  it("answers the hook's rejection with its status and message", async () => {
    const refused = await signIn(hooked, await account('reject'));
    expect([refused.status, refused.body]).toEqual([403, { code: 'unknown', message: 'No tokens today.' }]);
  });

  it('refuses claims that GoTrue would not sign, saying why', async () => {
    const missing = await signIn(hooked, await account('no-claims'));
    expect([missing.status, missing.body.message]).toEqual([500, 'output claims field is missing']);

    const unfit = await signIn(hooked, await account('drop-email'));
    expect(unfit.status).toBe(500);
    expect(unfit.body.message).toBe(
      'output claims do not conform to the expected schema: \n' +
        '- (root): email is required\n' +
        '- exp: Invalid type. Expected: integer, given: string\n',
    );
  });

  it('leaves the claims as they are when the hook is off', async () => {
    const email = await account();
    const session = await signIn(h, email);
    expect(decodeClaims(session.body.access_token).user_role).toBeUndefined();
    expect(await eventsFor(email)).toEqual([]);
  });
});
