// Reading through /rest/v1 as PostgREST answers: select, filters, order, ranges and counts, single objects,
// embedding, HEAD, and the schema cache's reload on NOTIFY.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APOLLO, restHarness, summary, type RestHarness } from './fixture.ts';

let h: RestHarness;
beforeAll(async () => {
  h = await restHarness(undefined, {
    configure: (config) => {
      config.project.api.max_rows = 3;
    },
  });
});
afterAll(() => h.close());

const names = async (path: string, headers: Record<string, string> = {}) => {
  const response = await h.get(path, headers);
  expect(response.status).toBeLessThan(300);
  return ((await response.json()) as { name: string }[]).map((row) => row.name);
};

describe('select', () => {
  it('returns the chosen columns, renamed and cast, as PostgREST formats them', async () => {
    const response = await h.get('/rest/v1/rest_projects?select=id,title:name,budget::text&id=eq.' + APOLLO);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual([{ id: APOLLO, title: 'Apollo', budget: '1000.50' }]);
  });

  it('reads JSON paths, keyed by their last key', async () => {
    expect(
      await (await h.get(`/rest/v1/rest_projects?select=meta->lead->>name,size:meta->size&id=eq.${APOLLO}`)).json(),
    ).toEqual([{ name: 'Ada', size: 3 }]);
  });

  it('follows JSON paths into array (and composite) columns, selecting, filtering and ordering', async () => {
    // tags is text[]: its path is read from the column turned into jsonb.
    const selected = await h.get(`/rest/v1/rest_projects?select=name,first:tags->>0,tags->1&id=eq.${APOLLO}`);
    expect(await selected.json()).toEqual([{ name: 'Apollo', first: 'space', tags: 'moon' }]);
    expect(await names('/rest/v1/rest_projects?select=name&tags->>0=eq.space&order=name')).toEqual([
      'Apollo',
      'Cassini',
    ]);
    expect(await names('/rest/v1/rest_projects?select=name&or=(tags->>0.eq.ice,tags->>1.eq.moon)&order=name')).toEqual([
      'Apollo',
      'Borealis',
    ]);
    expect(await names('/rest/v1/rest_projects?select=name&tags=not.is.null&order=tags->>0.desc,name')).toEqual([
      'Apollo',
      'Cassini',
      'Borealis',
    ]);
  });

  it("answers an unknown column with Postgres's 42703", async () => {
    expect(await summary(await h.get('/rest/v1/rest_projects?select=nope'))).toEqual({
      status: 400,
      headers: {},
      body: {
        code: '42703',
        message: 'column rest_projects.nope does not exist',
        details: null,
        hint: expect.any(String),
      },
    });
  });
});

describe('filters', () => {
  it.each([
    ['name=eq.Apollo', ['Apollo']],
    ['name=neq.Apollo&order=name', ['Borealis', 'Cassini', 'Dune, Part 2']],
    ['budget=gt.250&order=name', ['Apollo']],
    ['budget=gte.250&order=name', ['Apollo', 'Cassini']],
    ['budget=lt.250', ['Dune, Part 2']],
    ['budget=lte.250&order=name', ['Cassini', 'Dune, Part 2']],
    ['name=like.*or*', ['Borealis']],
    ['name=ilike.a*', ['Apollo']],
    ['budget=is.null', ['Borealis']],
    ['budget=not.is.null&order=name', ['Apollo', 'Cassini', 'Dune, Part 2']],
    ['name=in.(Apollo,"Dune, Part 2")&order=name', ['Apollo', 'Dune, Part 2']],
    ['name=not.in.(Apollo,Borealis,Cassini)', ['Dune, Part 2']],
    ['id=eq.00000000-0000-4000-8000-000000000003', ['Cassini']],
    ['tags=cs.{space}&order=name', ['Apollo', 'Cassini']],
    ['meta->lead->>name=eq.Bob', ['Cassini']],
    ['or=(name.eq.Apollo,budget.is.null)&order=name', ['Apollo', 'Borealis']],
    ['and=(status.eq.active,or(budget.lt.100,budget.is.null))&order=name', ['Borealis', 'Dune, Part 2']],
    ['not.or=(status.eq.archived,budget.is.null)&order=name', ['Apollo', 'Dune, Part 2']],
    ['status=eq.active&name=ilike.*a*&order=name', ['Apollo', 'Borealis', 'Dune, Part 2']],
  ])('%s', async (query, expected) => {
    expect(await names(`/rest/v1/rest_projects?select=name&${query}`)).toEqual(expected);
  });

  it('refuses a parameter whose operator it does not know rather than ignoring it', async () => {
    for (const query of ['name=unknownop.x', 'name=Apollo']) {
      expect(await summary(await h.get(`/rest/v1/rest_projects?${query}`))).toMatchObject({
        status: 400,
        body: { code: 'PGRST100' },
      });
    }
  });

  it('reads an apikey query parameter as the key, never as a filter', async () => {
    const response = await h.request(`/rest/v1/rest_clients?select=name&id=eq.1&apikey=${h.keys.anonKey}`, {
      apikey: null,
    });
    expect(await summary(response)).toEqual({ status: 200, headers: {}, body: [{ name: 'Acme' }] });
  });

  it('refuses a malformed filter with PGRST100', async () => {
    expect(await summary(await h.get('/rest/v1/rest_projects?budget=is.maybe'))).toEqual({
      status: 400,
      headers: {},
      body: {
        code: 'PGRST100',
        message: '"failed to parse filter (is.maybe)" (line 1, column 4)',
        details: 'unexpected "m" expecting null or trilean value (unknown, true, false)',
        hint: null,
      },
    });
  });

  it('answers a malformed uuid with 22P02', async () => {
    expect(await summary(await h.get('/rest/v1/rest_projects?id=eq.not-a-uuid'))).toMatchObject({
      status: 400,
      body: { code: '22P02', message: 'invalid input syntax for type uuid: "not-a-uuid"' },
    });
  });
});

describe('order and ranges', () => {
  it('orders on several columns with nulls placement', async () => {
    expect(await names('/rest/v1/rest_projects?select=name&order=client_id.desc.nullsfirst,name.asc&limit=10')).toEqual(
      ['Dune, Part 2', 'Cassini', 'Apollo'],
    );
  });

  it('caps a read at max_rows and says so in Content-Range', async () => {
    const response = await h.get('/rest/v1/rest_projects?select=name&order=name');
    expect(response.headers.get('content-range')).toBe('0-2/*');
    expect(((await response.json()) as unknown[]).length).toBe(3);
  });

  it.each([
    ['limit=2&offset=1', {}, 200, '1-2/*', ['Borealis', 'Cassini']],
    ['limit=2', { Prefer: 'count=exact' }, 206, '0-1/4', ['Apollo', 'Borealis']],
    ['', { Range: '1-2', Prefer: 'count=exact' }, 206, '1-2/4', ['Borealis', 'Cassini']],
    ['name=eq.nothing', { Prefer: 'count=exact' }, 200, '*/0', []],
    ['limit=0', {}, 200, '*/*', []],
  ])('%s %o', async (query, headers, status, range, expected) => {
    const response = await h.get(`/rest/v1/rest_projects?select=name&order=name&${query}`, headers);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-range')).toBe(range);
    expect(((await response.json()) as { name: string }[]).map((row) => row.name)).toEqual(expected);
  });

  it('reports the count it applied', async () => {
    const response = await h.get('/rest/v1/rest_projects?select=name&limit=1', { Prefer: 'count=exact' });
    expect(response.headers.get('preference-applied')).toBe('count=exact');
  });

  it('answers 416 for an offset past the end, and for an inverted Range', async () => {
    const pastTheEnd = await h.get('/rest/v1/rest_projects?offset=10', { Prefer: 'count=exact' });
    // The refusal still says how many rows there are.
    expect(await summary(pastTheEnd, ['content-range'])).toEqual({
      status: 416,
      headers: { 'content-range': '*/4' },
      body: {
        code: 'PGRST103',
        message: 'Requested range not satisfiable',
        details: 'An offset of 10 was requested, but there are only 4 rows.',
        hint: null,
      },
    });
    expect((await h.get('/rest/v1/rest_projects', { Range: '5-2' })).status).toBe(416);
  });

  it('answers HEAD with headers only', async () => {
    const response = await h.request('/rest/v1/rest_projects?status=eq.active', {
      method: 'HEAD',
      headers: { Prefer: 'count=exact' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-range')).toBe('0-2/3');
    expect(await response.text()).toBe('');
  });

  it('reads the Range header on GET only: HEAD, like every other method, ignores it', async () => {
    const range = { Range: '0-0', Prefer: 'count=exact' };
    const get = await h.get('/rest/v1/rest_projects?status=eq.active', range);
    expect([get.status, get.headers.get('content-range')]).toEqual([206, '0-0/3']);
    const head = await h.request('/rest/v1/rest_projects?status=eq.active', { method: 'HEAD', headers: range });
    expect([head.status, head.headers.get('content-range')]).toEqual([200, '0-2/3']);
    // An unsatisfiable Range is no error where it is not read.
    const inverted = await h.request('/rest/v1/rest_projects', { method: 'HEAD', headers: { Range: '5-2' } });
    expect(inverted.status).toBe(200);
  });
});

describe('single objects', () => {
  const single = { Accept: 'application/vnd.pgrst.object+json' };

  it('answers one row as an object', async () => {
    const response = await h.get('/rest/v1/rest_projects?select=name&id=eq.' + APOLLO, single);
    expect(response.headers.get('content-type')).toBe('application/vnd.pgrst.object+json; charset=utf-8');
    expect(await response.json()).toEqual({ name: 'Apollo' });
  });

  it.each([
    ['name=eq.none', 0],
    ['status=eq.active', 3],
  ])('refuses %s (%i rows) with PGRST116', async (query, rows) => {
    expect(await summary(await h.get(`/rest/v1/rest_projects?${query}`, single))).toEqual({
      status: 406,
      headers: {},
      body: {
        code: 'PGRST116',
        message: 'Cannot coerce the result to a single JSON object',
        details: `The result contains ${rows} rows`,
        hint: null,
      },
    });
  });

  it('strips nulls when asked', async () => {
    const response = await h.get('/rest/v1/rest_projects?select=name,budget&name=eq.Borealis', {
      Accept: 'application/vnd.pgrst.object+json;nulls=stripped',
    });
    expect(await response.json()).toEqual({ name: 'Borealis' });
  });

  it('answers CSV for text/csv', async () => {
    const response = await h.get('/rest/v1/rest_projects?select=name,budget&order=name&limit=3&offset=1', {
      Accept: 'text/csv',
    });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await response.text()).toBe('name,budget\nBorealis,\nCassini,250.00\n"Dune, Part 2",75.25');
  });

  it('writes timestamps in the time zone asked for, and ignores unknown zones', async () => {
    await h.db.exec("update public.rest_projects set created_at = '2026-01-01T12:00:00Z' where name = 'Apollo'");
    const at = async (zone: string) => {
      const response = await h.get('/rest/v1/rest_projects?select=created_at&name=eq.Apollo', {
        Prefer: `timezone=${zone}`,
      });
      return { applied: response.headers.get('preference-applied'), body: await response.json() };
    };
    expect(await at('Asia/Tokyo')).toEqual({
      applied: 'timezone=Asia/Tokyo',
      body: [{ created_at: '2026-01-01T21:00:00+09:00' }],
    });
    const unchanged = await (await h.get('/rest/v1/rest_projects?select=created_at&name=eq.Apollo')).json();
    expect(await at('Nowhere/Special')).toEqual({ applied: null, body: unchanged });
  });

  it('refuses media types it cannot produce', async () => {
    expect(await summary(await h.get('/rest/v1/rest_projects', { Accept: 'text/html' }))).toMatchObject({
      status: 406,
      body: { code: 'PGRST107', message: 'None of these media types are available: text/html' },
    });
  });
});

describe('embedding', () => {
  it('embeds many-to-one as an object and one-to-many as an array', async () => {
    const response = await h.get(
      `/rest/v1/rest_projects?select=name,client:rest_clients(name),rest_tasks(title,done)&id=eq.${APOLLO}&rest_tasks.order=title`,
    );
    expect(await response.json()).toEqual([
      {
        name: 'Apollo',
        client: { name: 'Acme' },
        rest_tasks: [
          { title: 'Build', done: false },
          { title: 'Design', done: true },
        ],
      },
    ]);
  });

  it('gives null and [] where nothing is related', async () => {
    expect(
      await (
        await h.get('/rest/v1/rest_projects?select=name,rest_clients(name),rest_tasks(title)&name=eq.Dune, Part 2')
      ).json(),
    ).toEqual([{ name: 'Dune, Part 2', rest_clients: null, rest_tasks: [] }]);
  });

  it('filters parents by an inner embedding', async () => {
    expect(
      await names('/rest/v1/rest_projects?select=name,rest_tasks!inner(title)&rest_tasks.done=is.false&order=name'),
    ).toEqual(['Apollo', 'Cassini']);
  });

  it.each([
    ['rest_clients=not.is.null', ['Apollo', 'Borealis', 'Cassini']],
    ['rest_clients=is.null', ['Dune, Part 2']],
    ['rest_tasks=not.is.null', ['Apollo', 'Cassini']],
  ])('filters parents by whether an embedding matches: %s', async (filter, expected) => {
    const path = `/rest/v1/rest_projects?select=name,rest_clients(id),rest_tasks(id)&${filter}&order=name`;
    expect(await names(path)).toEqual(expected);
    const counted = await h.get(path, { Prefer: 'count=exact' });
    expect(counted.headers.get('content-range')).toMatch(new RegExp(`/${expected.length}$`));
  });

  it('allows only is.null on an embedding', async () => {
    expect(await summary(await h.get('/rest/v1/rest_projects?select=name,rest_clients(id)&rest_clients=eq.1'))).toEqual(
      {
        status: 400,
        headers: {},
        body: {
          code: 'PGRST120',
          message: "Bad operator on the 'rest_clients' embedded resource",
          details: 'Only is null or not is null filters are allowed on embedded resources',
          hint: null,
        },
      },
    );
  });

  it('orders by an embedded resource only when it is embedded and to-one', async () => {
    const toMany = await h.get('/rest/v1/rest_clients?select=id,rest_projects(name)&order=rest_projects(name)');
    expect(await summary(toMany)).toEqual({
      status: 400,
      headers: {},
      body: {
        code: 'PGRST118',
        message: "A related order on 'rest_projects' is not possible",
        details: "'rest_clients' and 'rest_projects' do not form a many-to-one or one-to-one relationship",
        hint: null,
      },
    });
    const notEmbedded = await h.get('/rest/v1/rest_projects?select=name&order=rest_clients(name)');
    expect(await summary(notEmbedded)).toEqual({
      status: 400,
      headers: {},
      body: {
        code: 'PGRST108',
        message: "'rest_clients' is not an embedded resource in this request",
        details: null,
        hint: "Verify that 'rest_clients' is included in the 'select' query parameter.",
      },
    });
  });

  it('nests embeddings and orders by a to-one column', async () => {
    const response = await h.get(
      '/rest/v1/rest_tasks?select=title,rest_projects(name,rest_clients(name))&order=title&limit=1',
    );
    expect(await response.json()).toEqual([
      { title: 'Build', rest_projects: { name: 'Apollo', rest_clients: { name: 'Acme' } } },
    ]);
  });

  it('embeds through views by the foreign keys of the tables they show', async () => {
    expect(
      await (
        await h.get(
          `/rest/v1/rest_active_projects?select=name,rest_clients(name),rest_tasks(title)&id=eq.${APOLLO}&rest_tasks.order=title`,
        )
      ).json(),
    ).toEqual([
      { name: 'Apollo', rest_clients: { name: 'Acme' }, rest_tasks: [{ title: 'Build' }, { title: 'Design' }] },
    ]);
    expect(
      await (
        await h.get(
          '/rest/v1/rest_clients?select=name,rest_active_projects(name)&id=eq.1&rest_active_projects.order=name',
        )
      ).json(),
    ).toEqual([{ name: 'Acme', rest_active_projects: [{ name: 'Apollo' }, { name: 'Borealis' }] }]);
  });

  it('answers a missing relationship with PGRST200', async () => {
    expect(await summary(await h.get('/rest/v1/rest_clients?select=*,rest_tasks(*)'))).toMatchObject({
      status: 400,
      body: {
        code: 'PGRST200',
        message: "Could not find a relationship between 'rest_clients' and 'rest_tasks' in the schema cache",
      },
    });
  });
});

describe('the schema cache', () => {
  it('answers an unknown table with PGRST205 and a suggestion', async () => {
    expect(await summary(await h.get('/rest/v1/rest_project'))).toEqual({
      status: 404,
      headers: {},
      body: {
        code: 'PGRST205',
        message: "Could not find the table 'public.rest_project' in the schema cache",
        details: null,
        hint: "Perhaps you meant the table 'public.rest_projects'",
      },
    });
  });

  it('learns new tables on NOTIFY pgrst', async () => {
    await h.db.exec('create table public.rest_late (id int primary key); insert into public.rest_late values (7);');
    expect((await h.get('/rest/v1/rest_late')).status).toBe(404);
    await h.db.query("select pg_notify('pgrst', 'reload schema')");
    await expect.poll(async () => (await h.get('/rest/v1/rest_late')).status, { timeout: 10_000 }).toBe(200);
    expect(await (await h.get('/rest/v1/rest_late')).json()).toEqual([{ id: 7 }]);
  });

  it('serves an OpenAPI description at the root', async () => {
    const response = await h.get('/rest/v1/');
    expect(response.headers.get('content-type')).toBe('application/openapi+json; charset=utf-8');
    const document = (await response.json()) as { swagger: string; paths: Record<string, unknown> };
    expect(document.swagger).toBe('2.0');
    expect(Object.keys(document.paths)).toContain('/rest_projects');
  });
});
