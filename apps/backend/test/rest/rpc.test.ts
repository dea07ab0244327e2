// Calling functions through /rest/v1/rpc as PostgREST answers: GET and POST arguments, defaults, scalar and
// set results, reading a table-returning function like a table, void, read-only GET, errors; and supabase-js's rpc().
import { createNodeClient } from '@teamplan/supabase-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_SQL, restHarness, summary, type RestHarness } from './fixture.ts';

const FUNCTIONS = `
create function public.rest_add(a int, b int default 10) returns int language sql immutable as $$ select a + b $$;
create function public.rest_projects_of(client int) returns setof public.rest_projects language sql stable
  as $$ select * from public.rest_projects where client_id = client $$;
create function public.rest_first_project() returns public.rest_projects language sql stable
  as $$ select * from public.rest_projects order by name limit 1 $$;
create function public.rest_names() returns setof text language sql stable as $$ select name from public.rest_projects order by name $$;
create function public.rest_archive(project uuid) returns void language sql
  as $$ update public.rest_projects set status = 'archived' where id = project $$;
create function public.rest_echo(json) returns json language sql immutable as $$ select $1 $$;
create function public.rest_refuse() returns int language plpgsql
  as $$ begin raise exception 'Not today' using detail = 'closed', hint = 'come back tomorrow'; end $$;
create function public.rest_accept() returns text language plpgsql as $$
begin
  perform set_config('response.status', '202', true);
  perform set_config('response.headers', '[{"X-Queue": "later"}]', true);
  return 'queued';
end $$;
create sequence public.rest_calls;
grant usage on sequence public.rest_calls to anon, authenticated, service_role;
create function public.rest_counted() returns json language sql stable
  as $$ select json_build_object('call', nextval('public.rest_calls'), 'tags', json_build_array('a', null)) $$;
create function public.rest_raise_pgrst(message text, detail text) returns void language plpgsql as $$
begin
  if detail is null then raise sqlstate 'PGRST' using message = message;
  else raise sqlstate 'PGRST' using message = message, detail = detail;
  end if;
end $$;
create function public.rest_tags(tags text[]) returns text[] language sql immutable as $$ select tags $$;
create function public.rest_joined(separator text, variadic parts text[]) returns text language sql immutable
  as $$ select array_to_string(parts, separator) $$;
create function public.rest_next(n int, out next int) language sql immutable as $$ select n + 1 $$;
create function public.rest_bumped(inout n int) language sql immutable as $$ select n + 1 $$;
create function public.rest_letters() returns table (letter text) language sql immutable
  as $$ values ('a'), ('b') $$;
create function public.rest_any_row() returns record language sql stable
  as $$ select id, name from public.rest_clients where id = 1 $$;
create function public.rest_sign_in() returns void language sql as $$
  select set_config('response.headers',
    '[{"Set-Cookie": "session=abc; HttpOnly; Path=/"}, {"Set-Cookie": "theme=dark; Path=/"}]', true) $$;
create function public.rest_code(code char(3)) returns text language sql immutable as $$ select code $$;
create function public.rest_stats() returns table (client_id int, total bigint) language sql stable
  as $$ select client_id, count(*) from public.rest_projects group by 1 $$;
`;

let h: RestHarness;
beforeAll(async () => {
  h = await restHarness(FIXTURE_SQL + FUNCTIONS);
});
afterAll(() => h.close());

const call = (name: string, body: unknown, headers: Record<string, string> = {}) =>
  h.send('POST', `/rest/v1/rpc/${name}`, body, headers);

describe('arguments', () => {
  it.each([
    ['GET', '/rest/v1/rpc/rest_add?a=1&b=2', undefined, 3],
    ['GET', '/rest/v1/rpc/rest_add?a=1', undefined, 11],
    ['POST', '/rest/v1/rpc/rest_add', { a: 5, b: 1 }, 6],
    ['POST', '/rest/v1/rpc/rest_add', { a: 5 }, 15],
    ['POST', '/rest/v1/rpc/rest_echo', { any: ['thing'] }, { any: ['thing'] }],
  ])('%s %s', async (method, path, body, expected) => {
    const response = method === 'GET' ? await h.get(path) : await h.send(method, path, body);
    expect(await summary(response, ['content-type'])).toEqual({
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: expected,
    });
  });

  it('takes each value of a VARIADIC parameter as an element, and an array literal for any other array', async () => {
    const joined = await h.get('/rest/v1/rpc/rest_joined?separator=-&parts=a&parts=b');
    expect(await joined.json()).toBe('a-b');
    const form = await h.request('/rest/v1/rpc/rest_joined', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'separator=%2B&parts=a&parts=b&parts=c',
    });
    expect(await form.json()).toBe('a+b+c');
    expect(await (await h.get('/rest/v1/rpc/rest_tags?tags=%7Bx,y%7D')).json()).toEqual(['x', 'y']);
    // A repeated parameter that is not VARIADIC takes its last value.
    expect(await (await h.get('/rest/v1/rpc/rest_tags?tags=%7Bx%7D&tags=%7By,z%7D')).json()).toEqual(['y', 'z']);
  });

  it('reads the arguments from the first row of a CSV body', async () => {
    const response = await h.request('/rest/v1/rpc/rest_add', {
      method: 'POST',
      headers: { 'Content-Type': 'text/csv' },
      body: 'a,b\n1,2\n4,6',
    });
    expect(await summary(response)).toEqual({ status: 200, headers: {}, body: 3 });
  });

  it('passes a char(n) argument whole rather than cut to one character', async () => {
    expect(await (await h.get('/rest/v1/rpc/rest_code?code=abc')).json()).toBe('abc');
    expect(await (await call('rest_code', { code: 'xyz' })).json()).toBe('xyz');
  });

  it('answers arguments that match no function with PGRST202', async () => {
    expect(await summary(await call('rest_add', { x: 1 }))).toEqual({
      status: 404,
      headers: {},
      body: {
        code: 'PGRST202',
        message: 'Could not find the function public.rest_add(x) in the schema cache',
        details:
          'Searched for the function public.rest_add with parameter x or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        hint: null,
      },
    });
    expect(await summary(await call('rest_addd', { a: 1 }))).toMatchObject({
      body: { hint: 'Perhaps you meant to call the function public.rest_add' },
    });
  });
});

describe('results', () => {
  it('reads a set of rows like a table: select, filters, order, embedding, counts', async () => {
    const response = await h.get(
      '/rest/v1/rpc/rest_projects_of?client=1&select=name,rest_tasks(title)&order=name.desc&rest_tasks.order=title',
      {
        Prefer: 'count=exact',
      },
    );
    expect(await summary(response, ['content-range'])).toEqual({
      status: 200,
      headers: { 'content-range': '0-1/2' },
      body: [
        { name: 'Borealis', rest_tasks: [] },
        { name: 'Apollo', rest_tasks: [{ title: 'Build' }, { title: 'Design' }] },
      ],
    });
    expect(await (await h.get('/rest/v1/rpc/rest_projects_of?client=1&name=eq.Apollo&select=name')).json()).toEqual([
      { name: 'Apollo' },
    ]);
  });

  it('answers a single row as an object and a set of scalars as an array', async () => {
    expect(await (await h.get('/rest/v1/rpc/rest_first_project?select=name')).json()).toEqual({ name: 'Apollo' });
    expect(await (await h.get('/rest/v1/rpc/rest_names')).json()).toEqual([
      'Apollo',
      'Borealis',
      'Cassini',
      'Dune, Part 2',
    ]);
    const stats = (await (
      await h.get('/rest/v1/rpc/rest_stats?order=total.desc,client_id&limit=1')
    ).json()) as unknown[];
    expect(stats).toEqual([{ client_id: 1, total: 2 }]);
  });

  it('runs a function once per request and sends its JSON as the function built it', async () => {
    const first = (await (await call('rest_counted', {})).json()) as { call: number };
    const second = await call('rest_counted', {});
    expect(await second.json()).toEqual({ call: first.call + 1, tags: ['a', null] });
    const stripped = await call('rest_counted', {}, { accept: 'application/vnd.pgrst.object+json;nulls=stripped' });
    expect(await stripped.json()).toEqual({ call: first.call + 2, tags: ['a', null] });
  });

  it('answers OUT, INOUT and TABLE parameters as rows named after them, even a single one', async () => {
    expect(await (await h.get('/rest/v1/rpc/rest_next?n=1')).json()).toEqual({ next: 2 });
    expect(await (await h.get('/rest/v1/rpc/rest_bumped?n=1')).json()).toEqual({ n: 2 });
    expect(await (await h.get('/rest/v1/rpc/rest_letters?letter=eq.b')).json()).toEqual([{ letter: 'b' }]);
    // A bare record has no declared columns: it is sent as the function built it.
    expect(await (await call('rest_any_row', {})).json()).toEqual({ id: 1, name: 'Acme' });
  });

  it('answers a void function with 204 after running it', async () => {
    const response = await call('rest_archive', { project: '00000000-0000-4000-8000-000000000002' });
    expect(response.status).toBe(204);
    expect(await (await h.get('/rest/v1/rest_projects?select=status&name=eq.Borealis')).json()).toEqual([
      { status: 'archived' },
    ]);
  });

  it('runs a function called by GET read-only', async () => {
    expect(
      await summary(await h.get('/rest/v1/rpc/rest_archive?project=00000000-0000-4000-8000-000000000001')),
    ).toMatchObject({
      status: 405,
      body: { code: '25006', message: 'cannot execute UPDATE in a read-only transaction' },
    });
  });

  it('lets a function choose the status and add headers', async () => {
    expect(await summary(await call('rest_accept', {}), ['x-queue'])).toEqual({
      status: 202,
      headers: { 'x-queue': 'later' },
      body: 'queued',
    });
  });

  it('sends a header the function set twice on two lines, as two cookies', async () => {
    const response = await call('rest_sign_in', {});
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie()).toEqual(['session=abc; HttpOnly; Path=/', 'theme=dark; Path=/']);
  });

  it("answers RAISE SQLSTATE 'PGRST' with the status, headers and body the function wrote", async () => {
    const raised = await call('rest_raise_pgrst', {
      message: '{"code":"123","message":"ABC","details":"DEF","hint":"XYZ"}',
      detail: '{"status":332,"headers":{"X-Header":"str"}}',
    });
    expect(await summary(raised, ['x-header', 'proxy-status'])).toEqual({
      status: 332,
      headers: { 'x-header': 'str', 'proxy-status': 'PostgREST; error=123' },
      body: { code: '123', message: 'ABC', details: 'DEF', hint: 'XYZ' },
    });
  });

  it("answers an unreadable RAISE SQLSTATE 'PGRST' with PGRST121, a fault of the function", async () => {
    const refusal = (details: string, hint: string) => ({
      status: 500,
      headers: {},
      body: {
        code: 'PGRST121',
        message: `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`,
        details,
        hint,
      },
    });
    const messageHint =
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.";
    const detailHint =
      "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";
    const envelope = '{"status":332,"headers":{}}';
    expect(await summary(await call('rest_raise_pgrst', { message: 'INVALID', detail: envelope }))).toEqual(
      refusal("Invalid JSON value for MESSAGE: 'INVALID'", messageHint),
    );
    const body = '{"code":"123","message":"ABC"}';
    expect(await summary(await call('rest_raise_pgrst', { message: body, detail: 'INVALID' }))).toEqual(
      refusal("Invalid JSON value for DETAIL: 'INVALID'", detailHint),
    );
    expect(await summary(await call('rest_raise_pgrst', { message: body, detail: null }))).toEqual(
      refusal('DETAIL is missing in the RAISE statement', detailHint),
    );
    // Headers are obligatory in DETAIL.
    expect(await summary(await call('rest_raise_pgrst', { message: body, detail: '{"status":402}' }))).toEqual(
      refusal(`Invalid JSON value for DETAIL: '{"status":402}'`, detailHint),
    );
  });

  it('answers a RAISE with 400 and its message, detail and hint', async () => {
    expect(await summary(await call('rest_refuse', {}))).toEqual({
      status: 400,
      headers: {},
      body: { code: 'P0001', message: 'Not today', details: 'closed', hint: 'come back tomorrow' },
    });
  });
});

describe('supabase-js rpc()', () => {
  it('calls with POST, with GET, and reads the result set', async () => {
    const client = createNodeClient('http://127.0.0.1:54321', h.keys.anonKey, {
      global: { fetch: (input, init) => Promise.resolve(h.app.fetch(new Request(input, init))) },
    });
    expect(await client.rpc('rest_add', { a: 2 })).toMatchObject({ data: 12, error: null, status: 200 });
    expect(await client.rpc('rest_add', { a: 2, b: 3 }, { get: true })).toMatchObject({ data: 5, error: null });
    const rows = await client.rpc('rest_projects_of', { client: 2 }).select('name').single();
    expect(rows).toMatchObject({ data: { name: 'Cassini' }, error: null });
    expect((await client.rpc('rest_nothing')).error).toMatchObject({ code: 'PGRST202' });
  });
});
