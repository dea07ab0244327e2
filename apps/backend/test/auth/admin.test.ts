// The admin API (service role only): users list, create, read, update, delete, and invitations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../harness.ts';
import {
  call,
  fragmentOf,
  GOOD_PASSWORD,
  latestMail,
  linkAndCode,
  openLink,
  signUpWithSession,
  supabaseJs,
  uniqueEmail,
  withConfig,
} from './helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const admin = (method: string, path: string, body?: unknown) =>
  call(h, method, path, { token: h.keys.serviceRoleKey, body });

describe('who may use the admin API', () => {
  it('requires a bearer token whose role is service_role', async () => {
    const { session } = await signUpWithSession(h);
    const none = await call(h, 'GET', '/admin/users');
    expect([none.status, none.body.code]).toEqual([401, 'no_authorization']);
    for (const token of [h.keys.anonKey, session.access_token]) {
      const refused = await call(h, 'GET', '/admin/users', { token });
      expect([refused.status, refused.body]).toEqual([403, { code: 'not_admin', message: 'User not allowed' }]);
    }
    const invite = await call(h, 'POST', '/invite', { token: session.access_token, body: { email: uniqueEmail() } });
    expect(invite.status).toBe(403);
  });
});

describe('/admin/users', () => {
  it('creates a confirmed user who can sign in, and reads it back', async () => {
    const email = uniqueEmail('made');
    const created = await admin('POST', '/admin/users', {
      email,
      password: GOOD_PASSWORD,
      email_confirm: true,
      user_metadata: { full_name: 'Eve' },
      app_metadata: { plan: 'team' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      email,
      user_metadata: { full_name: 'Eve', email_verified: true },
      app_metadata: { provider: 'email', providers: ['email'], plan: 'team' },
    });
    expect(created.body.email_confirmed_at).toBeTruthy();
    expect(
      (await call(h, 'POST', '/token?grant_type=password', { body: { email, password: GOOD_PASSWORD } })).status,
    ).toBe(200);
    const read = await admin('GET', `/admin/users/${created.body.id}`);
    expect(read.body.id).toBe(created.body.id);
    const duplicate = await admin('POST', '/admin/users', { email, password: GOOD_PASSWORD });
    expect([duplicate.status, duplicate.body.code]).toEqual([422, 'email_exists']);
  });

  it('lists users newest first with GoTrue pagination headers', async () => {
    for (let i = 0; i < 3; i += 1)
      await admin('POST', '/admin/users', { email: uniqueEmail('page'), password: GOOD_PASSWORD });
    const { status, body, headers } = await admin('GET', '/admin/users?page=1&per_page=2');
    expect(status).toBe(200);
    expect(body.aud).toBe('authenticated');
    expect(body.users).toHaveLength(2);
    const total = Number(headers.get('x-total-count'));
    expect(total).toBeGreaterThanOrEqual(3);
    expect(headers.get('link')).toBe(
      `</admin/users?page=2&per_page=2>; rel="next", </admin/users?page=${Math.ceil(total / 2)}&per_page=2>; rel="last"`,
    );
    expect(Date.parse(body.users[0].created_at)).toBeGreaterThanOrEqual(Date.parse(body.users[1].created_at));
  });

  it('filters by address or full name, and sorts by creation in either direction', async () => {
    const marker = `zq${Date.now().toString(36)}`;
    const first = await admin('POST', '/admin/users', { email: uniqueEmail(`${marker}-a`) });
    const second = await admin('POST', '/admin/users', {
      email: uniqueEmail('other'),
      user_metadata: { full_name: `Ann ${marker.toUpperCase()}` },
    });
    const newestFirst = await admin('GET', `/admin/users?filter=${marker}`);
    expect(newestFirst.body.users.map((user: { id: string }) => user.id)).toEqual([second.body.id, first.body.id]);
    expect(newestFirst.headers.get('x-total-count')).toBe('2');
    const oldestFirst = await admin('GET', `/admin/users?filter=${marker}&sort=created_at%20asc`);
    expect(oldestFirst.body.users.map((user: { id: string }) => user.id)).toEqual([first.body.id, second.body.id]);
    const badField = await admin('GET', '/admin/users?sort=email');
    expect([badField.status, badField.body.message]).toEqual([400, "Bad Sort Parameters: bad field for sort 'email'"]);
    const badDirection = await admin('GET', '/admin/users?sort=created_at%20up');
    expect([badDirection.status, badDirection.body.message]).toEqual([
      400,
      "Bad Sort Parameters: bad direction for sort 'up', only 'asc' and 'desc' allowed",
    ]);
  });

  it('refuses page numbers and sizes GoTrue refuses, with its reasons', async () => {
    const adminApi = supabaseJs(h, h.keys.serviceRoleKey).auth.admin;
    const refusals: [{ page?: number; perPage?: number }, string][] = [
      [{ page: -1 }, 'strconv.ParseUint: parsing "-1": invalid syntax'],
      [{ page: 0 }, 'page must be greater than 0'],
      [{ page: 2 ** 31 }, 'page exceeds maximum allowed value'],
      [{ perPage: 0 }, 'per_page must be greater than 0'],
      [{ perPage: 1001 }, 'per_page must not exceed 1000'],
    ];
    for (const [params, reason] of refusals) {
      const { data, error } = await adminApi.listUsers(params);
      expect(data.users).toEqual([]);
      expect([error?.status, error?.code, error?.message]).toEqual([
        400,
        'validation_failed',
        `Bad Pagination Parameters: ${reason}`,
      ]);
    }
    const { data, error } = await adminApi.listUsers({ page: 1, perPage: 1000 });
    expect(error).toBeNull();
    expect(data.users.length).toBeGreaterThan(0);
  });

  it('updates metadata, password and bans', async () => {
    const { session, email } = await signUpWithSession(h);
    const id = session.user.id;
    const updated = await admin('PUT', `/admin/users/${id}`, {
      user_metadata: { title: 'CTO' },
      password: 'admin-set-pass-4',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.user_metadata.title).toBe('CTO');
    expect((await call(h, 'GET', '/user', { token: session.access_token })).body.code).toBe('session_not_found');
    expect(
      (await call(h, 'POST', '/token?grant_type=password', { body: { email, password: 'admin-set-pass-4' } })).status,
    ).toBe(200);
    const banned = await admin('PUT', `/admin/users/${id}`, { ban_duration: '24h' });
    expect(banned.body.banned_until).toBeTruthy();
    const login = await call(h, 'POST', '/token?grant_type=password', {
      body: { email, password: 'admin-set-pass-4' },
    });
    expect([login.status, login.body]).toEqual([400, { code: 'user_banned', message: 'User is banned' }]);
    const bad = await admin('PUT', `/admin/users/${id}`, { ban_duration: 'forever' });
    expect([bad.status, bad.body.code]).toEqual([400, 'validation_failed']);
  });

  it('deletes users, hard or soft', async () => {
    const hard = await signUpWithSession(h);
    expect((await admin('DELETE', `/admin/users/${hard.session.user.id}`)).body).toEqual({});
    expect((await admin('GET', `/admin/users/${hard.session.user.id}`)).body).toEqual({
      code: 'user_not_found',
      message: 'User not found',
    });

    const soft = await signUpWithSession(h);
    expect((await admin('DELETE', `/admin/users/${soft.session.user.id}`, { should_soft_delete: true })).status).toBe(
      200,
    );
    const kept = await admin('GET', `/admin/users/${soft.session.user.id}`);
    expect(kept.body.deleted_at).toBeTruthy();
    expect(kept.body.email).not.toBe(soft.email);
    expect(
      (await call(h, 'POST', '/token?grant_type=password', { body: { email: soft.email, password: GOOD_PASSWORD } }))
        .status,
    ).toBe(400);
    const notUuid = await admin('GET', '/admin/users/not-a-uuid');
    expect([notUuid.status, notUuid.body.message]).toEqual([404, 'user_id must be an UUID']);
  });
});

describe('/admin/users edge cases GoTrue refuses or clears', () => {
  it('refuses a nil id and a password too long for bcrypt', async () => {
    const nil = await admin('POST', '/admin/users', {
      email: uniqueEmail(),
      id: '00000000-0000-0000-0000-000000000000',
    });
    expect([nil.status, nil.body]).toEqual([400, { code: 'validation_failed', message: 'ID cannot be a nil uuid' }]);
    const long = await admin('POST', '/admin/users', { email: uniqueEmail(), password: 'x'.repeat(73) });
    expect([long.status, long.body]).toEqual([
      400,
      { code: 'validation_failed', message: 'bcrypt: password length exceeds 72 bytes' },
    ]);
  });

  it('a soft delete leaves no metadata behind', async () => {
    const created = await admin('POST', '/admin/users', {
      email: uniqueEmail(),
      user_metadata: { full_name: 'Eve' },
      app_metadata: { plan: 'team' },
    });
    await admin('DELETE', `/admin/users/${created.body.id}`, { should_soft_delete: true });
    const kept = await admin('GET', `/admin/users/${created.body.id}`);
    expect([kept.body.user_metadata, kept.body.app_metadata]).toEqual([{}, {}]);
    expect(kept.body.deleted_at).toBeTruthy();
  });

  it('an anonymous user given a confirmed address becomes a permanent one', async () => {
    const anonymous = withConfig(h, (config) => void (config.project.auth.enable_anonymous_sign_ins = true));
    const signedIn = await call(anonymous, 'POST', '/signup', { body: {} });
    const email = uniqueEmail('anon');
    const unconfirmed = await admin('PUT', `/admin/users/${signedIn.body.user.id}`, { email });
    expect(unconfirmed.body).toMatchObject({ email, is_anonymous: true });
    const confirmed = await admin('PUT', `/admin/users/${signedIn.body.user.id}`, { email, email_confirm: true });
    expect(confirmed.body).toMatchObject({ email, is_anonymous: false });
  });
});

describe('POST /invite', () => {
  it('creates a password-less account and e-mails an invitation that signs the person in', async () => {
    const email = uniqueEmail('invited');
    const redirect = 'http://127.0.0.1:3000/confirm?next=/welcome';
    const invited = await call(h, 'POST', `/invite?redirect_to=${encodeURIComponent(redirect)}`, {
      token: h.keys.serviceRoleKey,
      body: { email, data: { full_name: 'Fay' } },
    });
    expect(invited.status).toBe(200);
    expect(invited.body).toMatchObject({ email, user_metadata: { full_name: 'Fay' } });
    expect(invited.body.invited_at).toBeTruthy();
    const mail = await latestMail(h, email);
    expect(mail.kind).toBe('invite');
    const { link } = linkAndCode(mail);
    expect(link.searchParams.get('type')).toBe('invite');
    const target = await openLink(h, link);
    expect(target.searchParams.get('next')).toBe('/welcome');
    const session = fragmentOf(target);
    expect(session.get('type')).toBe('invite');
    const chosen = await call(h, 'PUT', '/user', {
      token: session.get('access_token')!,
      body: { password: 'chosen-pass-5' },
    });
    expect(chosen.status).toBe(200);
    expect(
      (await call(h, 'POST', '/token?grant_type=password', { body: { email, password: 'chosen-pass-5' } })).status,
    ).toBe(200);
    const again = await call(h, 'POST', '/invite', { token: h.keys.serviceRoleKey, body: { email } });
    expect([again.status, again.body.code]).toEqual([422, 'email_exists']);
  });
});
