// Who a request runs as: the bearer JWT's role and claims (else the apikey's), refused tokens as PostgREST
// refuses them, and row level security deciding what each role sees and writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restHarness, summary, type RestHarness } from './fixture.ts';

const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';

const SQL = `
create table public.rest_notes (id serial primary key, user_id uuid not null default auth.uid(), body text not null);
alter table public.rest_notes enable row level security;
create policy "People read their own notes" on public.rest_notes for select to authenticated using (user_id = auth.uid());
create policy "People write their own notes" on public.rest_notes for insert to authenticated with check (user_id = auth.uid());
insert into public.rest_notes (user_id, body) values ('${ALICE}', 'alice note'), ('${BOB}', 'bob note');

create table public.rest_inbox (id serial primary key, body text);
alter table public.rest_inbox enable row level security;
create policy "Anyone can drop a message" on public.rest_inbox for insert to anon, authenticated with check (true);

create table public.rest_locked (id int primary key);
revoke all on public.rest_locked from anon, authenticated;

do $$ begin
  if not exists (select 1 from pg_roles where rolname = 'rest_reporter') then create role rest_reporter nologin; end if;
  if not exists (select 1 from pg_roles where rolname = 'rest_outsider') then create role rest_outsider nologin; end if;
end $$;
grant rest_reporter to authenticator;
grant usage on schema public to rest_reporter;

create view public.rest_whoami as select
  current_user::text as role,
  current_setting('request.method', true) as method,
  current_setting('request.path', true) as path,
  current_setting('request.jwt.claims', true)::json->>'sub' as sub,
  current_setting('request.headers', true)::json->>'x-probe' as probe;
grant select on public.rest_whoami to rest_reporter;
`;

let h: RestHarness;
let alice: Record<string, string>;
beforeAll(async () => {
  h = await restHarness(SQL);
  alice = { Authorization: `Bearer ${await h.userToken(ALICE)}` };
});
afterAll(() => h.close());

const bodies = async (response: Response) => ((await response.json()) as { body: string }[]).map((row) => row.body);

describe('the request scope', () => {
  it("runs as the bearer token's role with its claims, method, path and headers", async () => {
    expect(await (await h.get('/rest/v1/rest_whoami', { ...alice, 'X-Probe': 'hello' })).json()).toEqual([
      { role: 'authenticated', method: 'GET', path: '/rest_whoami', sub: ALICE, probe: 'hello' },
    ]);
  });

  it("runs as the apikey's role without a bearer token", async () => {
    expect(await (await h.get('/rest/v1/rest_whoami?select=role,sub')).json()).toEqual([{ role: 'anon', sub: null }]);
    const service = await h.request('/rest/v1/rest_whoami?select=role', { apikey: h.keys.serviceRoleKey });
    expect(await service.json()).toEqual([{ role: 'service_role' }]);
  });
});

describe('row level security', () => {
  it('shows each role only what its policies allow', async () => {
    expect(await bodies(await h.get('/rest/v1/rest_notes'))).toEqual([]);
    expect(await bodies(await h.get('/rest/v1/rest_notes', alice))).toEqual(['alice note']);
    expect(
      await bodies(await h.get('/rest/v1/rest_notes?order=id', { Authorization: `Bearer ${h.keys.serviceRoleKey}` })),
    ).toEqual(['alice note', 'bob note']);
  });

  it('lets a user insert a row of their own and read it back', async () => {
    const response = await h.send(
      'POST',
      '/rest/v1/rest_notes?select=user_id,body',
      { body: 'new' },
      { ...alice, Prefer: 'return=representation' },
    );
    expect(await summary(response)).toEqual({ status: 201, headers: {}, body: [{ user_id: ALICE, body: 'new' }] });
  });

  it('refuses a row for someone else with 403', async () => {
    expect(await summary(await h.send('POST', '/rest/v1/rest_notes', { user_id: BOB, body: 'forged' }, alice))).toEqual(
      {
        status: 403,
        headers: {},
        body: {
          code: '42501',
          message: 'new row violates row-level security policy for table "rest_notes"',
          details: null,
          hint: null,
        },
      },
    );
  });

  it('inserts without reading back when select policies do not allow the row', async () => {
    expect((await h.send('POST', '/rest/v1/rest_inbox', { body: 'hi' })).status).toBe(201);
    const readBack = await h.send('POST', '/rest/v1/rest_inbox', { body: 'hi' }, { Prefer: 'return=representation' });
    expect(await summary(readBack)).toMatchObject({ status: 401, body: { code: '42501' } });
    expect(readBack.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('answers a missing privilege with 401 for anon and 403 for a user', async () => {
    expect(await summary(await h.get('/rest/v1/rest_locked'))).toEqual({
      status: 401,
      headers: {},
      body: { code: '42501', message: 'permission denied for table rest_locked', details: null, hint: null },
    });
    expect((await h.get('/rest/v1/rest_locked', alice)).status).toBe(403);
  });

  it("serves the product's permission lookup: a uuid filter, limit 1", async () => {
    const response = await h.get(
      `/rest/v1/organization_users?select=can_manage_users,can_manage_projects,can_manage_announcements&user_id=eq.${ALICE}&limit=1`,
      alice,
    );
    expect(await summary(response, ['content-range'])).toEqual({
      status: 200,
      headers: { 'content-range': '*/*' },
      body: [],
    });
  });
});

describe('refused tokens', () => {
  it.each([
    [
      'an expired token',
      async () => h.keys.sign({ sub: ALICE, role: 'authenticated' }, -60),
      'PGRST303',
      'JWT expired',
    ],
    [
      'a forged signature',
      async () => `${(await h.userToken(ALICE)).slice(0, -4)}AAAA`,
      'PGRST301',
      'JWT cryptographic operation failed',
    ],
    ['two parts', async () => 'abc.def', 'PGRST301', 'Expected 3 parts in JWT; got 2'],
    ['an empty token', async () => '', 'PGRST301', 'Empty JWT is sent in Authorization header'],
  ])('%s', async (_name, token, code, message) => {
    const response = await h.get('/rest/v1/rest_notes', { Authorization: `Bearer ${await token()}` });
    expect(await summary(response, ['www-authenticate'])).toEqual({
      status: 401,
      headers: { 'www-authenticate': `Bearer error="invalid_token", error_description="${message}"` },
      body: { code, message, details: null, hint: null },
    });
  });

  it.each([
    ['a superuser', 'postgres'],
    ['a role not granted to the authenticator', 'rest_outsider'],
  ])('refuses %s as PostgREST cannot switch to it', async (_name, role) => {
    const token = await h.keys.sign({ sub: ALICE, role }, 3600);
    expect(await summary(await h.get('/rest/v1/rest_notes', { Authorization: `Bearer ${token}` }))).toMatchObject({
      status: 403,
      body: { code: '42501', message: `permission denied to set role "${role}"`, details: null, hint: null },
    });
  });

  it('runs as any role granted to the authenticator', async () => {
    const token = await h.keys.sign({ sub: ALICE, role: 'rest_reporter' }, 3600);
    const response = await h.get('/rest/v1/rest_whoami?select=role', { Authorization: `Bearer ${token}` });
    expect(await response.json()).toEqual([{ role: 'rest_reporter' }]);
  });

  it('answers a role the database does not know with 401', async () => {
    const token = await h.keys.sign({ sub: ALICE, role: 'nobody_here' }, 3600);
    expect(await summary(await h.get('/rest/v1/rest_notes', { Authorization: `Bearer ${token}` }))).toMatchObject({
      status: 401,
      body: { code: '22023', message: 'role "nobody_here" does not exist' },
    });
  });
});
