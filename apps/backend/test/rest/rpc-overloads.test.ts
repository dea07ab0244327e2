// Which functions /rpc exposes and which overload a call reaches, as PostgREST's schema cache decides: a function
// with one unnamed parameter only when it takes the body whole (json, jsonb, text, xml, bytea), overload candidates
// in PostgREST's order, and Prefer: max-affected on calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restHarness, summary, type RestHarness } from './fixture.ts';
import { PARITY_SQL } from './parity-fixture.ts';

let h: RestHarness;
beforeAll(async () => {
  h = await restHarness(`${PARITY_SQL}
    create function public.rest_row_age(public.rest_users) returns int language sql as 'select 1';
    create function public.rest_touch_row() returns trigger language plpgsql as 'begin return new; end';`);
});
afterAll(() => h.close());

const call = (name: string, body: unknown, headers: Record<string, string> = {}) =>
  h.send('POST', `/rest/v1/rpc/${name}`, body, headers);
const AMBIGUOUS_HINT =
  'Try renaming the parameters or the function itself in the database so function overloading can be resolved';

describe('functions with unnamed parameters', () => {
  it('does not expose a function whose one unnamed parameter cannot take the body', async () => {
    expect(await summary(await call('rest_poly_unnamed_integer', { '': 1 }))).toEqual({
      status: 404,
      headers: {},
      body: {
        code: 'PGRST202',
        message: 'Could not find the function public.rest_poly_unnamed_integer() in the schema cache',
        details:
          'Searched for the function public.rest_poly_unnamed_integer with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        hint: 'Perhaps you meant to call the function public.rest_poly_unnamed_text',
      },
    });
  });

  it.each([
    ['rest_poly_different_return', { '': 'test' }, 'foo'],
    ['rest_poly_different_return', { '': true }, 'foo'],
    ['rest_poly_no_params_or_unnamed', {}, 1],
    ['rest_poly_no_params_or_unnamed', { '': '' }, 'foo'],
    ['rest_poly_unnamed_default', { '': 'x' }, 'foo'],
    ['rest_poly_unnamed_json', { '': { test: 'value' } }, 1],
    ['rest_poly_unnamed_jsonb', { '': { test: 'value' } }, 1],
  ])('calls %s with %o, the only overload exposed for it', async (name, body, expected) => {
    expect(await summary(await call(name, body))).toEqual({ status: 200, headers: {}, body: expected });
  });

  it('passes a text body whole to the function with one unnamed text parameter', async () => {
    const response = await h.request('/rest/v1/rpc/rest_poly_unnamed_text', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'plain words',
    });
    expect(await summary(response)).toEqual({ status: 200, headers: {}, body: 1 });
  });

  it('answers a text body no function takes with PGRST202 naming the parameter it looked for', async () => {
    const response = await h.request('/rest/v1/rpc/rest_unresolvable', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'plain words',
    });
    expect(await summary(response)).toEqual({
      status: 404,
      headers: {},
      body: {
        code: 'PGRST202',
        message: 'Could not find the function public.rest_unresolvable in the schema cache',
        details:
          'Searched for the function public.rest_unresolvable with a single unnamed text parameter, but no matches were found in the schema cache.',
        hint: null,
      },
    });
  });
});

describe('suggestions', () => {
  it.each([
    ['rest_row_agee', 'a function of one unnamed row parameter'],
    ['rest_touch_roww', 'a trigger function'],
  ])('suggests nothing for %s, close only to %s, which is not exposed', async (name) => {
    expect(await summary(await call(name, {}))).toMatchObject({ status: 404, body: { code: 'PGRST202', hint: null } });
    expect((await call(name.slice(0, -1), {})).status).toBe(404);
  });
});

describe('overloads', () => {
  it.each([
    ['rest_poly_unnamed_default', {}, 'public.rest_poly_unnamed_default(), public.rest_poly_unnamed_default( => text)'],
    ['rest_unresolvable', { a: 1 }, 'public.rest_unresolvable(a => integer), public.rest_unresolvable(a => text)'],
  ])('lists the candidates for %s %o in PostgREST order', async (name, body, candidates) => {
    expect(await summary(await call(name, body))).toEqual({
      status: 300,
      headers: {},
      body: {
        code: 'PGRST203',
        message: `Could not choose the best candidate function between: ${candidates}`,
        details: null,
        hint: AMBIGUOUS_HINT,
      },
    });
  });

  it('reaches the one overload without parameters when no argument is given', async () => {
    expect((await call('rest_unresolvable', {})).status).toBe(204);
  });

  it('sorts the parameter names in PGRST202 for GET as for POST', async () => {
    const response = await h.get('/rest/v1/rpc/rest_unresolvable?b=1&a=2');
    expect(await summary(response)).toMatchObject({
      status: 404,
      body: {
        message: 'Could not find the function public.rest_unresolvable(a, b) in the schema cache',
        details:
          'Searched for the function public.rest_unresolvable with parameters a, b, but no matches were found in the schema cache.',
      },
    });
  });
});

describe('Prefer: max-affected on calls', () => {
  const strict = (n: number) => ({ Prefer: `handling=strict, max-affected=${n}` });
  const statuses = async () =>
    (await (await h.get('/rest/v1/rest_users?select=username,status&order=username')).json()) as unknown[];

  it('answers the rows of a set-returning function within the limit', async () => {
    const response = await call('rest_set_users_offline?select=username', { name_param: 'drag%' }, strict(1));
    expect(await summary(response, ['preference-applied'])).toEqual({
      status: 200,
      headers: { 'preference-applied': 'handling=strict, max-affected=1' },
      body: [{ username: 'dragarcia' }],
    });
    await h.db.exec("update public.rest_users set status = 'ONLINE' where username = 'dragarcia'");
  });

  it('refuses with PGRST124 and keeps nothing when the function returns more rows', async () => {
    const before = await statuses();
    const response = await call('rest_set_users_offline', { name_param: '%a%' }, strict(1));
    expect(await summary(response)).toEqual({
      status: 400,
      headers: {},
      body: {
        code: 'PGRST124',
        message: 'Query result exceeds max-affected preference constraint',
        details: 'The query affects 3 rows',
        hint: null,
      },
    });
    expect(await statuses()).toEqual(before);
  });

  it('refuses a function returning one value with PGRST128 before calling it', async () => {
    const before = await statuses();
    expect(await summary(await call('rest_offline_user', { name_param: 'supabot' }, strict(5)))).toEqual({
      status: 400,
      headers: {},
      body: {
        code: 'PGRST128',
        message: 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
        details: null,
        hint: null,
      },
    });
    expect(await statuses()).toEqual(before);
  });
});
