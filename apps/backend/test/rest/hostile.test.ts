// Hostile input: odd names, quotes, NULs, SQL fragments, huge numbers and broken bodies are answered with a 4xx
// (or harmlessly), never a 5xx, never with SQL text or internals, and never change what RLS lets through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_SQL, restHarness, type RestHarness } from './fixture.ts';

let h: RestHarness;
beforeAll(async () => {
  h = await restHarness(`${FIXTURE_SQL}
    create table public.rest_secrets (id int primary key, owner uuid, secret text);
    alter table public.rest_secrets enable row level security;
    create policy "Owners read their secrets" on public.rest_secrets for select to authenticated using (owner = auth.uid());
    insert into public.rest_secrets values (1, '33333333-3333-4333-8333-333333333333', 'hidden');
  `);
});
afterAll(() => h.close());

const enc = encodeURIComponent;
const LEAKS = [/\bselect\b.*\bfrom\b/i, /pgrst_source/, /_postgrest_t/, /json_agg/, /\bat .*\.ts:\d+/, /node_modules/];

const requests: [string, string, unknown?, Record<string, string>?][] = [
  ['GET', `/rest/v1/rest_projects?select=${enc('name,"a""b"')}`],
  ['GET', `/rest/v1/rest_projects?select=${enc('"x\u0000y"')}`],
  ['GET', `/rest/v1/rest_projects?select=${enc('name);drop table rest_clients;--')}`],
  ['GET', `/rest/v1/rest_projects?select=${enc('name::text);drop table rest_clients;--')}`],
  ['GET', `/rest/v1/rest_projects?select=${enc('a'.repeat(2000))}`],
  ['GET', `/rest/v1/rest_projects?${enc('"na\\"me"')}=eq.x`],
  ['GET', `/rest/v1/rest_projects?name=eq.${enc("x' or '1'='1")}`],
  ['GET', `/rest/v1/rest_projects?name=eq.${enc('a\u0000b')}`],
  ['GET', `/rest/v1/rest_projects?name=in.(${enc('"a\\",b')})`],
  ['GET', `/rest/v1/rest_projects?name=like.${enc('%_\\')}`],
  ['GET', `/rest/v1/rest_projects?id=eq.${enc('00000000-0000-4000-8000-000000000001;select 1')}`],
  ['GET', '/rest/v1/rest_projects?budget=gt.1e999999'],
  ['GET', '/rest/v1/rest_projects?limit=99999999999999999999999&offset=99999999999999999999'],
  ['GET', '/rest/v1/rest_projects?offset=9007199254740991'],
  ['GET', '/rest/v1/rest_projects?order=name.sideways'],
  ['GET', `/rest/v1/rest_projects?order=${enc('name;drop')}`],
  ['GET', `/rest/v1/rest_projects?meta->${enc("'; drop")}=eq.1`],
  ['GET', `/rest/v1/rest_projects?or=${enc('(name.eq.a,or(name.eq.b,')}`],
  ['GET', `/rest/v1/rest_projects?select=${enc('a(b(c(d(e(f(g(h(*))))))))')}`],
  ['GET', `/rest/v1/rest_projects?select=${'x('.repeat(200)}${')'.repeat(200)}`],
  ['GET', `/rest/v1/${enc('rest_projects"; drop table x; --')}`],
  ['GET', `/rest/v1/${enc('ünïcødé')}`],
  ['GET', '/rest/v1/rest_projects?tags=cs.{unterminated'],
  ['GET', '/rest/v1/rest_projects?created_at=gt.yesterday-ish'],
  ['GET', '/rest/v1/rest_projects?select=name&name=fts(xx yy).cat'],
  ['GET', '/rest/v1/rest_projects', undefined, { Range: '99999999999999999999-' }],
  ['GET', '/rest/v1/rest_projects', undefined, { Accept: '*/*;q=abc, x/y;;;=, ,' }],
  ['GET', '/rest/v1/rest_projects', undefined, { Prefer: 'count=exact, return=snowman, tx=maybe, handling=strict' }],
  ['GET', '/rest/v1/rest_projects', undefined, { 'Accept-Profile': 'pg_catalog' }],
  [
    'GET',
    '/rest/v1/rest_projects',
    undefined,
    { Authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.' },
  ],
  ['POST', '/rest/v1/rest_clients', '\u0000'],
  ['POST', '/rest/v1/rest_clients', '[[[[[[]]]]]]'],
  ['POST', '/rest/v1/rest_clients', { name: 'a\u0000b' }],
  ['POST', '/rest/v1/rest_clients', { 'name"); drop table x; --': 1 }],
  ['POST', '/rest/v1/rest_clients', { id: 1e40, name: 'big' }],
  ['POST', '/rest/v1/rest_clients?columns=name,nope', [{ name: 'a' }]],
  [
    'POST',
    `/rest/v1/rest_clients?on_conflict=${enc('name"; --')}`,
    { name: 'x' },
    { Prefer: 'resolution=merge-duplicates' },
  ],
  ['POST', '/rest/v1/rest_clients?columns=id', '{"id": not json}'],
  ['PATCH', '/rest/v1/rest_clients?id=eq.1', '[1,2,3]'],
  ['PATCH', '/rest/v1/rest_clients?id=eq.1', { name: { nested: ['object'] } }],
  ['DELETE', `/rest/v1/rest_clients?id=eq.${enc('1 or 1=1')}`],
  ['PUT', '/rest/v1/rest_clients', { id: 1 }],
  ['PATCH', '/rest/v1/rpc/anything', {}],
  ['GET', '/rest/v1/a/b/c'],
];

describe('hostile requests', () => {
  it.each(requests)('%s %s', async (method, path, body, headers = {}) => {
    const response =
      body === undefined ? await h.request(path, { method, headers }) : await h.send(method, path, body, headers);
    const text = await response.text();
    if (process.env.SHOW_HOSTILE) console.log(method, path, response.status, text.slice(0, 200));
    expect(response.status, text).toBeLessThan(500);
    for (const leak of LEAKS) expect(text).not.toMatch(leak);
    if (response.status >= 400) expect(JSON.parse(text)).toHaveProperty('code');
  });

  it('left the data as it was', async () => {
    const clients = await (
      await h.get('/rest/v1/rest_clients?select=id&order=id', { Authorization: `Bearer ${h.keys.serviceRoleKey}` })
    ).json();
    expect(clients).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });

  it('never reveals rows outside RLS, whatever the filters', async () => {
    const other = { Authorization: `Bearer ${await h.userToken('44444444-4444-4444-8444-444444444444')}` };
    for (const query of ['', 'or=(id.eq.1,secret.is.null)', 'select=secret', 'id=eq.1', 'secret=like.*']) {
      const response = await h.get(`/rest/v1/rest_secrets?${query}`, other);
      expect(await response.json()).toEqual([]);
    }
  });
});
