// Writing through /rest/v1 as PostgREST answers: inserts (single, bulk, columns=, missing=default), upserts,
// updates and deletes with filters, Prefer: return=..., Location, tx=rollback, and database errors mapped to HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APOLLO, FIXTURE_SQL, restHarness, summary, type RestHarness } from './fixture.ts';

let h: RestHarness;
beforeAll(async () => {
  // tx=rollback needs a database that lets requests choose how their transaction ends, as PostgREST does.
  h = await restHarness(`${FIXTURE_SQL}
    do $$ begin execute format('alter database %I set pgrst.db_tx_end = %L', current_database(),
      'commit-allow-override'); end $$;`);
});
afterAll(() => h.close());

const clientNames = async () =>
  ((await (await h.get('/rest/v1/rest_clients?select=name&order=id')).json()) as { name: string }[]).map(
    (row) => row.name,
  );

describe('insert', () => {
  it('answers 201 with no body by default', async () => {
    expect(
      await summary(await h.send('POST', '/rest/v1/rest_clients', { name: 'Umbrella' }), [
        'content-range',
        'content-type',
      ]),
    ).toEqual({
      status: 201,
      headers: { 'content-range': '*/*', 'content-type': null },
      body: '',
    });
    expect(await clientNames()).toContain('Umbrella');
  });

  it('returns the inserted rows shaped by select with return=representation', async () => {
    const response = await h.send(
      'POST',
      '/rest/v1/rest_clients?select=name',
      [{ name: 'Hooli' }, { name: 'Pied Piper' }],
      {
        Prefer: 'return=representation',
      },
    );
    expect(await summary(response, ['preference-applied'])).toEqual({
      status: 201,
      headers: { 'preference-applied': 'return=representation' },
      body: [{ name: 'Hooli' }, { name: 'Pied Piper' }],
    });
  });

  it('embeds related rows in the representation', async () => {
    const response = await h.send(
      'POST',
      '/rest/v1/rest_projects?select=name,client:rest_clients(name),rest_tasks(title)',
      { name: 'Zephyr', client_id: 2 },
      {
        Prefer: 'return=representation',
      },
    );
    expect(await summary(response)).toEqual({
      status: 201,
      headers: {},
      body: [{ name: 'Zephyr', client: { name: 'Globex' }, rest_tasks: [] }],
    });
  });

  it('sends a Location for return=headers-only', async () => {
    const response = await h.send(
      'POST',
      '/rest/v1/rest_clients',
      { id: 50, name: 'Wayne' },
      { Prefer: 'return=headers-only' },
    );
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe('/rest_clients?id=eq.50');
  });

  it('fills absent keys of columns= with null, or with defaults on missing=default', async () => {
    const rows = [{ name: 'Nulls', status: 'archived' }, { name: 'Defaults' }];
    const withNull = await h.send('POST', '/rest/v1/rest_projects?columns=name,status&select=name,status', rows, {
      Prefer: 'return=representation',
    });
    expect(await summary(withNull)).toMatchObject({ status: 400, body: { code: '23502' } });
    const withDefault = await h.send('POST', '/rest/v1/rest_projects?columns=name,status&select=name,status', rows, {
      Prefer: 'return=representation,missing=default',
    });
    expect(await summary(withDefault, ['preference-applied'])).toEqual({
      status: 201,
      headers: { 'preference-applied': 'missing=default, return=representation' },
      body: [
        { name: 'Nulls', status: 'archived' },
        { name: 'Defaults', status: 'active' },
      ],
    });
  });

  it('returns a single object for application/vnd.pgrst.object+json', async () => {
    const response = await h.send(
      'POST',
      '/rest/v1/rest_clients?select=name',
      { name: 'Stark' },
      {
        Prefer: 'return=representation',
        Accept: 'application/vnd.pgrst.object+json',
      },
    );
    expect(await response.json()).toEqual({ name: 'Stark' });
  });

  it('undoes an insert of several rows asked for as one object', async () => {
    const response = await h.send('POST', '/rest/v1/rest_clients', [{ name: 'One' }, { name: 'Two' }], {
      Prefer: 'return=representation',
      Accept: 'application/vnd.pgrst.object+json',
    });
    expect(await summary(response)).toMatchObject({
      status: 406,
      body: { code: 'PGRST116', details: 'The result contains 2 rows' },
    });
    expect(await clientNames()).not.toContain('One');
  });

  it('holds a write asked for as one object to one row even without a representation', async () => {
    const single = { Accept: 'application/vnd.pgrst.object+json' };
    const prefers: Record<string, string>[] = [{}, { Prefer: 'return=minimal' }, { Prefer: 'return=headers-only' }];
    for (const prefer of prefers) {
      const response = await h.send('POST', '/rest/v1/rest_clients', [{ name: 'Six' }, { name: 'Seven' }], {
        ...single,
        ...prefer,
      });
      expect(await summary(response)).toEqual({
        status: 406,
        headers: {},
        body: {
          code: 'PGRST116',
          message: 'Cannot coerce the result to a single JSON object',
          details: 'The result contains 2 rows',
          hint: null,
        },
      });
    }
    expect(await clientNames()).not.toContain('Six');
    const deleted = await h.send('DELETE', '/rest/v1/rest_tasks?estimate=gt.0', undefined, single);
    expect(await summary(deleted)).toMatchObject({ status: 406, body: { details: 'The result contains 2 rows' } });
    const updated = await h.send('PATCH', '/rest/v1/rest_clients?id=lt.0', { name: 'Nobody' }, single);
    expect(await summary(updated)).toMatchObject({ status: 406, body: { details: 'The result contains 0 rows' } });
    // Exactly one row is written, with no body.
    const one = await h.send('PATCH', '/rest/v1/rest_clients?id=eq.2', { name: 'Globex' }, single);
    expect(await summary(one, ['content-type'])).toEqual({ status: 204, headers: { 'content-type': null }, body: '' });
  });

  it('does nothing with tx=rollback, yet answers as if it had', async () => {
    const response = await h.send(
      'POST',
      '/rest/v1/rest_clients?select=name',
      { name: 'Ghost' },
      { Prefer: 'return=representation,tx=rollback' },
    );
    expect(await summary(response, ['preference-applied'])).toEqual({
      status: 201,
      headers: { 'preference-applied': 'return=representation, tx=rollback' },
      body: [{ name: 'Ghost' }],
    });
    expect(await clientNames()).not.toContain('Ghost');
  });
});

describe('upsert', () => {
  it('merges on the primary key: 201 when it inserts, 200 when it only merges', async () => {
    const prefer = { Prefer: 'resolution=merge-duplicates,return=representation' };
    const merged = await h.send('POST', '/rest/v1/rest_clients?select=id,name', { id: 3, name: 'Initrode' }, prefer);
    expect(await summary(merged, ['preference-applied'])).toEqual({
      status: 200,
      headers: { 'preference-applied': 'resolution=merge-duplicates, return=representation' },
      body: [{ id: 3, name: 'Initrode' }],
    });
    const inserted = await h.send(
      'POST',
      '/rest/v1/rest_clients?select=id,name',
      [
        { id: 3, name: 'Initech' },
        { id: 70, name: 'Massive' },
      ],
      prefer,
    );
    expect(await summary(inserted)).toEqual({
      status: 201,
      headers: {},
      body: [
        { id: 3, name: 'Initech' },
        { id: 70, name: 'Massive' },
      ],
    });
  });

  it('merges on on_conflict columns, or ignores duplicates', async () => {
    const merged = await h.send(
      'POST',
      '/rest/v1/rest_clients?on_conflict=name&select=id,name',
      { id: 71, name: 'Massive' },
      {
        Prefer: 'resolution=merge-duplicates,return=representation',
      },
    );
    expect(await merged.json()).toEqual([{ id: 71, name: 'Massive' }]);
    const ignored = await h.send(
      'POST',
      '/rest/v1/rest_clients?on_conflict=name',
      { id: 72, name: 'Massive' },
      {
        Prefer: 'resolution=ignore-duplicates,return=representation',
      },
    );
    expect(await summary(ignored)).toEqual({ status: 201, headers: {}, body: [] });
  });

  it('answers 200 to a merge of an empty payload, which inserted nothing', async () => {
    const prefer = { Prefer: 'resolution=merge-duplicates,return=representation' };
    expect(await summary(await h.send('POST', '/rest/v1/rest_clients', [], prefer))).toEqual({
      status: 200,
      headers: {},
      body: [],
    });
    // Ignoring duplicates is still a create.
    const ignoring = { Prefer: 'resolution=ignore-duplicates,return=representation' };
    expect((await h.send('POST', '/rest/v1/rest_clients', [], ignoring)).status).toBe(201);
  });
});

describe('update and delete', () => {
  it('updates the filtered rows: 204 by default, 200 with the rows on return=representation', async () => {
    const quiet = await h.send('PATCH', '/rest/v1/rest_tasks?title=eq.Launch', { estimate: 3 });
    expect(await summary(quiet, ['content-range'])).toEqual({
      status: 204,
      headers: { 'content-range': '0-0/*' },
      body: '',
    });
    const loud = await h.send(
      'PATCH',
      `/rest/v1/rest_tasks?project_id=eq.${APOLLO}&select=title,done&order=title`,
      { done: true },
      {
        Prefer: 'return=representation,count=exact',
      },
    );
    expect(await summary(loud, ['content-range'])).toEqual({
      status: 200,
      headers: { 'content-range': '0-1/2' },
      body: [
        { title: 'Build', done: true },
        { title: 'Design', done: true },
      ],
    });
  });

  it('undoes an update of several rows asked for as one object', async () => {
    const response = await h.send(
      'PATCH',
      `/rest/v1/rest_tasks?project_id=eq.${APOLLO}`,
      { done: false },
      {
        Prefer: 'return=representation',
        Accept: 'application/vnd.pgrst.object+json',
      },
    );
    expect(response.status).toBe(406);
    expect(await (await h.get(`/rest/v1/rest_tasks?project_id=eq.${APOLLO}&done=is.false`)).json()).toEqual([]);
  });

  it('undoes an update past max-affected with handling=strict', async () => {
    const response = await h.send(
      'PATCH',
      `/rest/v1/rest_tasks?project_id=eq.${APOLLO}`,
      { estimate: 99 },
      { Prefer: 'handling=strict, max-affected=1' },
    );
    expect(await summary(response)).toEqual({
      status: 400,
      headers: {},
      body: {
        code: 'PGRST124',
        message: 'Query result exceeds max-affected preference constraint',
        details: 'The query affects 2 rows',
        hint: null,
      },
    });
    expect(await (await h.get('/rest/v1/rest_tasks?estimate=eq.99')).json()).toEqual([]);
    const within = await h.send(
      'PATCH',
      '/rest/v1/rest_tasks?title=eq.Launch',
      { estimate: 4 },
      { Prefer: 'handling=strict, max-affected=1' },
    );
    expect(await summary(within, ['preference-applied'])).toEqual({
      status: 204,
      headers: { 'preference-applied': 'handling=strict, max-affected=1' },
      body: '',
    });
  });

  it('updates nothing for an empty body', async () => {
    expect(
      await summary(await h.send('PATCH', '/rest/v1/rest_tasks?id=eq.1', {}, { Prefer: 'return=representation' })),
    ).toEqual({
      status: 200,
      headers: {},
      body: [],
    });
  });

  it('refuses a filter without an operator instead of writing every row', async () => {
    const before = await (await h.get('/rest/v1/rest_tasks?select=id,done&order=id')).text();
    for (const method of ['DELETE', 'PATCH']) {
      const response = await h.send(
        method,
        '/rest/v1/rest_tasks?id=1',
        method === 'PATCH' ? { done: true } : undefined,
      );
      expect(await summary(response)).toEqual({
        status: 400,
        headers: {},
        body: {
          code: 'PGRST100',
          message: '"failed to parse filter (1)" (line 1, column 2)',
          details: 'unexpected end of input expecting delimiter (.)',
          hint: null,
        },
      });
    }
    expect(await (await h.get('/rest/v1/rest_tasks?select=id,done&order=id')).text()).toBe(before);
    expect((await h.get('/rest/v1/rest_tasks?done=true')).status).toBe(400);
  });

  it('deletes the filtered rows', async () => {
    await h.send('POST', '/rest/v1/rest_clients', [
      { id: 90, name: 'Temp A' },
      { id: 91, name: 'Temp B' },
    ]);
    expect(
      await summary(await h.request('/rest/v1/rest_clients?id=eq.90', { method: 'DELETE' }), ['content-range']),
    ).toEqual({
      status: 204,
      headers: { 'content-range': '*/*' },
      body: '',
    });
    const loud = await h.request('/rest/v1/rest_clients?id=eq.91&select=name', {
      method: 'DELETE',
      headers: { Prefer: 'return=representation' },
    });
    expect(await summary(loud)).toEqual({ status: 200, headers: {}, body: [{ name: 'Temp B' }] });
    expect(await clientNames()).not.toContain('Temp A');
  });
});

describe('errors', () => {
  it.each([
    [
      'a duplicate key',
      'POST',
      '/rest/v1/rest_clients',
      { id: 1, name: 'Again' },
      409,
      {
        code: '23505',
        message: 'duplicate key value violates unique constraint "rest_clients_pkey"',
        details: 'Key (id)=(1) already exists.',
        hint: null,
      },
    ],
    [
      'a missing referenced row',
      'POST',
      '/rest/v1/rest_tasks',
      { project_id: '00000000-0000-4000-8000-00000000ffff', title: 'x' },
      409,
      { code: '23503' },
    ],
    [
      'a null in a not-null column',
      'POST',
      '/rest/v1/rest_tasks',
      { project_id: APOLLO, title: null },
      400,
      { code: '23502' },
    ],
    ['a failed check', 'PATCH', '/rest/v1/rest_projects?id=eq.' + APOLLO, { status: 'lost' }, 400, { code: '23514' }],
    [
      'a RAISE in a trigger',
      'POST',
      '/rest/v1/rest_tasks',
      { project_id: APOLLO, title: 'forbidden' },
      400,
      {
        code: 'P0001',
        message: 'Task titles may not be forbidden',
        details: null,
        hint: null,
      },
    ],
    [
      'a value of the wrong type',
      'POST',
      '/rest/v1/rest_tasks',
      { project_id: APOLLO, title: 'x', estimate: 'lots' },
      400,
      { code: '22P02' },
    ],
    [
      'an unknown column',
      'POST',
      '/rest/v1/rest_tasks',
      { nope: 1 },
      400,
      {
        code: 'PGRST204',
        message: "Could not find the 'nope' column of 'rest_tasks' in the schema cache",
        details: null,
        hint: null,
      },
    ],
    [
      'broken JSON',
      'POST',
      '/rest/v1/rest_tasks',
      '{"title":',
      400,
      { code: 'PGRST102', message: 'Empty or invalid json' },
    ],
    [
      'objects with different keys',
      'POST',
      '/rest/v1/rest_tasks',
      [{ title: 'a' }, { estimate: 1 }],
      400,
      {
        code: 'PGRST102',
        message: 'All object keys must match',
      },
    ],
  ])('%s', async (_name, method, path, body, status, error) => {
    expect(await summary(await h.send(method, path, body))).toMatchObject({ status, body: error });
  });
});
