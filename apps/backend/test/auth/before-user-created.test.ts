// The before-user-created hook ([auth.hook.before_user_created], a pg-functions URI): asked before every account a
// sign-up, anonymous sign-in, magic link or SMS code, invitation or generated signup/invite link would create, with
// GoTrue's payload; its rejection answers the request with the hook's status and message and creates nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../harness.ts';
import { call, GOOD_PASSWORD, mailsFor, supabaseJs, uniqueEmail, withConfig } from './helpers.ts';

const HOOK_URI = 'pg-functions://postgres/public/test_before_user_created';
const REFUSAL = 'Sign-ups are by invitation only.';

let h: Harness;
let hooked: Harness;
beforeAll(async () => {
  h = await createHarness();
  // Records every event; rejects addresses at blocked.test; user_metadata can ask for a raise or a given answer.
  await h.db.exec(`
    create table public.test_hook_events (event jsonb not null);
    create function public.test_before_user_created(event jsonb) returns jsonb language plpgsql as $$
    begin
      insert into public.test_hook_events (event) values (event);
      if event->'user'->'user_metadata' ? 'raise' then
        raise exception '%', event->'user'->'user_metadata'->>'raise';
      end if;
      if event->'user'->'user_metadata' ? 'answer' then
        return event->'user'->'user_metadata'->'answer';
      end if;
      if split_part(event->'user'->>'email', '@', 2) = 'blocked.test' then
        return jsonb_build_object('error', jsonb_build_object('http_code', 403, 'message', '${REFUSAL}'));
      end if;
      return '{}'::jsonb;
    end $$;
  `);
  hooked = withConfig(h, (config) => {
    config.project.auth.hook.before_user_created = { enabled: true, uri: HOOK_URI, secrets: '' };
    config.project.auth.email.enable_confirmations = true;
    config.project.auth.enable_anonymous_sign_ins = true;
  });
});
afterAll(() => h.close());

const blockedEmail = () => uniqueEmail('someone').replace('@example.com', '@blocked.test');
let phones = 0;
const newPhone = () => `+1444${String(Date.now() % 10_000).padStart(4, '0')}${String((phones += 1)).padStart(3, '0')}`;
const asAdmin = () => ({ token: h.keys.serviceRoleKey });

async function usersNamed(column: 'email' | 'phone', value: string): Promise<number> {
  const { rows } = await h.db.query<{ n: number }>(`select count(*)::int as n from auth.users where ${column} = $1`, [
    value,
  ]);
  return rows[0].n;
}

async function eventsFor(email: string): Promise<Array<Record<string, any>>> {
  const { rows } = await h.db.query<{ event: Record<string, any> }>(
    `select event from public.test_hook_events where event->'user'->>'email' = $1`,
    [email],
  );
  return rows.map((row) => row.event);
}

const refused403 = { code: 'unknown', message: REFUSAL };

describe('before-user-created hook', () => {
  it("lets an allowed sign-up through after sending GoTrue's payload with the id the user is created with", async () => {
    const email = uniqueEmail('allowed');
    const signUp = await call(hooked, 'POST', '/signup', {
      body: { email, password: GOOD_PASSWORD, data: { full_name: 'Ada' } },
    });
    expect(signUp.status).toBe(200);
    expect(await mailsFor(h, email)).toHaveLength(1);
    const [event] = await eventsFor(email);
    expect(event.metadata).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      time: expect.any(String),
      name: 'before-user-created',
      ip_address: '127.0.0.1',
    });
    expect(event.user).toEqual({
      id: signUp.body.id,
      aud: 'authenticated',
      role: '',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Ada' },
      identities: [],
      created_at: '0001-01-01T00:00:00Z',
      updated_at: '0001-01-01T00:00:00Z',
      is_anonymous: false,
    });
  });

  it("refuses an e-mail sign-up with the hook's status and message in both API versions, creating nothing", async () => {
    const email = blockedEmail();
    const current = await call(hooked, 'POST', '/signup', { body: { email, password: GOOD_PASSWORD } });
    expect([current.status, current.body]).toEqual([403, refused403]);
    const initial = await call(hooked, 'POST', '/signup', {
      body: { email, password: GOOD_PASSWORD },
      headers: { 'x-supabase-api-version': '' },
    });
    expect([initial.status, initial.body]).toEqual([403, { code: 403, error_code: 'unknown', msg: REFUSAL }]);
    expect(await usersNamed('email', email)).toBe(0);
    expect(await mailsFor(h, email)).toEqual([]);
  });

  it('refuses a phone sign-up and a new number asking for a code, texting nothing', async () => {
    const reject = { error: { http_code: 422, message: 'No phones, please.' } };
    for (const path of ['/signup', '/otp']) {
      const phone = newPhone();
      const refused = await call(hooked, 'POST', path, {
        body: { phone, password: GOOD_PASSWORD, data: { answer: reject } },
      });
      expect([refused.status, refused.body]).toEqual([422, { code: 'unknown', message: 'No phones, please.' }]);
      expect(await usersNamed('phone', phone.slice(1))).toBe(0);
      expect(await mailsFor(h, phone)).toEqual([]);
    }
  });

  it('refuses a magic link that would create the account, and an anonymous sign-in (supabase-js sees the message)', async () => {
    const supabase = supabaseJs(hooked);
    const email = blockedEmail();
    const link = await supabase.auth.signInWithOtp({ email });
    expect([link.error?.status, link.error?.message]).toEqual([403, REFUSAL]);
    expect(await usersNamed('email', email)).toBe(0);
    expect(await mailsFor(h, email)).toEqual([]);

    const reject = { error: { http_code: 403, message: 'No anonymous visitors.' } };
    const anonymous = await supabase.auth.signInAnonymously({ options: { data: { answer: reject } } });
    expect([anonymous.error?.status, anonymous.error?.message]).toEqual([403, 'No anonymous visitors.']);
    expect(anonymous.data.session).toBeNull();
    const allowed = await supabase.auth.signInAnonymously({ options: { data: { kind: 'guest' } } });
    expect(allowed.error).toBeNull();
    const { rows } = await h.db.query<{ event: Record<string, any> }>(
      `select event from public.test_hook_events where event->'user'->>'id' = $1`,
      [allowed.data.user!.id],
    );
    expect(rows[0].event.user).toMatchObject({ is_anonymous: true, email: '', user_metadata: { kind: 'guest' } });
  });

  it('refuses invitations and generated signup/invite links for new addresses, sending nothing', async () => {
    for (const [path, body] of [
      ['/invite', {}],
      ['/admin/generate_link', { type: 'invite' }],
      ['/admin/generate_link', { type: 'signup', password: GOOD_PASSWORD }],
    ] as const) {
      const email = blockedEmail();
      const refused = await call(hooked, 'POST', path, { ...asAdmin(), body: { ...body, email } });
      expect([path, refused.status, refused.body]).toEqual([path, 403, refused403]);
      expect(await usersNamed('email', email)).toBe(0);
      expect(await mailsFor(h, email)).toEqual([]);
    }
  });

  it('is not asked by the admin API create-user (as in GoTrue) nor for addresses that already have an account', async () => {
    const email = blockedEmail();
    const created = await call(hooked, 'POST', '/admin/users', { ...asAdmin(), body: { email, email_confirm: true } });
    expect(created.status).toBe(200);
    const link = await call(hooked, 'POST', '/otp', { body: { email } });
    expect(link.status).toBe(200);
    expect(await mailsFor(h, email)).toHaveLength(1);
    expect(await eventsFor(email)).toEqual([]);
  });

  it("answers a hook that raises with GoTrue's 500, and old clients with the raised message", async () => {
    const body = { email: uniqueEmail('raise'), password: GOOD_PASSWORD, data: { raise: 'hook exploded' } };
    const current = await call(hooked, 'POST', '/signup', { body });
    expect([current.status, current.body]).toEqual([
      500,
      { code: 'unexpected_failure', message: `Error running hook URI: ${HOOK_URI}` },
    ]);
    const initial = await call(hooked, 'POST', '/signup', { body, headers: { 'x-supabase-api-version': '' } });
    expect([initial.status, initial.body]).toEqual([500, { code: 'P0001', message: 'hook exploded' }]);
    expect(await usersNamed('email', body.email)).toBe(0);
  });

  it('reads answers as GoTrue does: rejections need a message, other shapes fail, null and unknown keys proceed', async () => {
    const cases: Array<[unknown, number, unknown?]> = [
      [{ error: { message: 'No status given.' } }, 500, { code: 'unexpected_failure', message: 'No status given.' }],
      [{ error: { http_code: 200, message: 'Not a failure code.' } }, 500],
      [[1, 2], 500, { code: 'unexpected_failure', message: 'Error unmarshaling JSON output.' }],
      [{ decision: 5 }, 500, { code: 'unexpected_failure', message: 'Error unmarshaling JSON output.' }],
      [{ error: { http_code: 400, message: '' } }, 200],
      [{ error: 'not an object' }, 200],
      [{ decision: 'continue', extra: true }, 200],
      [null, 200],
    ];
    for (const [answer, status, expected] of cases) {
      const email = uniqueEmail('answer');
      const result = await call(hooked, 'POST', '/signup', {
        body: { email, password: GOOD_PASSWORD, data: { answer } },
      });
      expect([answer, result.status]).toEqual([answer, status]);
      if (expected) expect(result.body).toEqual(expected);
      expect(await usersNamed('email', email)).toBe(status === 200 ? 1 : 0);
    }
  });

  it('fails every sign-up with a 500 naming the hook while its function does not exist', async () => {
    const missing = withConfig(hooked, (config) => {
      config.project.auth.hook.before_user_created.uri = 'pg-functions://postgres/public/no_such_hook';
    });
    const email = uniqueEmail('missing');
    const result = await call(missing, 'POST', '/signup', { body: { email, password: GOOD_PASSWORD } });
    expect([result.status, result.body]).toEqual([
      500,
      { code: 'unexpected_failure', message: 'Error running hook URI: pg-functions://postgres/public/no_such_hook' },
    ]);
    expect(await usersNamed('email', email)).toBe(0);
  });
});
