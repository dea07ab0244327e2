// PostgREST features beyond plain reads and writes: PUT, planned and estimated counts, EXPLAIN plans, media types
// refused with 406, CSV bodies and spreading a to-many embed; over HTTP, on the shared fixture.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APOLLO, restHarness, summary, type RestHarness } from './fixture.ts';

let h: RestHarness;
beforeAll(async () => {
  h = await restHarness();
});
afterAll(() => h.close());

const clientsById = async (id: number) => (await h.get(`/rest/v1/rest_clients?id=eq.${id}&select=id,name`)).json();

describe('PUT', () => {
  it('inserts the row its primary key names: 201 with a body, then replaces it: 200', async () => {
    const prefer = { Prefer: 'return=representation' };
    const created = await h.send('PUT', '/rest/v1/rest_clients?id=eq.40', { id: 40, name: 'Umbrella' }, prefer);
    expect(await summary(created, ['preference-applied', 'content-range'])).toEqual({
      status: 201,
      headers: { 'preference-applied': 'return=representation', 'content-range': null },
      body: [{ id: 40, name: 'Umbrella' }],
    });
    const replaced = await h.send('PUT', '/rest/v1/rest_clients?id=eq.40', { id: 40, name: 'Umbrella Corp' }, prefer);
    expect(await summary(replaced)).toMatchObject({ status: 200, body: [{ id: 40, name: 'Umbrella Corp' }] });
    const minimal = await h.send('PUT', '/rest/v1/rest_clients?id=eq.40', { id: 40, name: 'Umbrella Inc' });
    expect(minimal.status).toBe(204);
    expect(await clientsById(40)).toEqual([{ id: 40, name: 'Umbrella Inc' }]);
  });

  it.each([
    ['no filter', '/rest/v1/rest_clients'],
    ['a filter on another column', '/rest/v1/rest_clients?id=eq.41&name=eq.x'],
    ['another operator', '/rest/v1/rest_clients?id=gt.41'],
    ['a negated filter', '/rest/v1/rest_clients?id=not.eq.41'],
    ['or=', '/rest/v1/rest_clients?id=eq.41&or=(id.eq.1)'],
  ])('refuses %s with PGRST105', async (_name, path) => {
    const response = await h.send('PUT', path, { id: 41, name: 'Nope' });
    expect(await summary(response)).toEqual({
      status: 405,
      headers: {},
      body: {
        code: 'PGRST105',
        message: "Filters must include all and only primary key columns with 'eq' operators",
        details: null,
        hint: null,
      },
    });
  });

  it('refuses a payload whose key differs from the URL, and limit/offset', async () => {
    const mismatch = await h.send('PUT', '/rest/v1/rest_clients?id=eq.42', { id: 43, name: 'Elsewhere' });
    expect(await summary(mismatch)).toMatchObject({ status: 400, body: { code: 'PGRST115' } });
    expect(await clientsById(43)).toEqual([]);
    const limited = await h.send('PUT', '/rest/v1/rest_clients?id=eq.42&limit=1', { id: 42, name: 'Limited' });
    expect(await summary(limited)).toMatchObject({
      status: 400,
      body: { code: 'PGRST114', message: 'limit/offset querystring parameters are not allowed for PUT' },
    });
  });
});

describe('counts', () => {
  it.each(['planned', 'estimated'])('count=%s answers a total in Content-Range', async (mode) => {
    const response = await h.get('/rest/v1/rest_projects?select=name&limit=1', { Prefer: `count=${mode}` });
    const range = response.headers.get('content-range') ?? '';
    expect(range).toMatch(/^0-0\/\d+$/);
    expect(response.headers.get('preference-applied')).toBe(`count=${mode}`);
    const total = Number(range.split('/')[1]);
    // The planner's guess is an estimate; estimated is exact below max_rows.
    if (mode === 'estimated') expect(total).toBe(4);
    else expect(total).toBeGreaterThan(0);
    expect(response.status).toBe(total > 1 ? 206 : 200);
  });
});

describe('EXPLAIN plans', () => {
  const PLAN_JSON = 'application/vnd.pgrst.plan+json; for="application/json"';

  it('refuses plans with 406 unless the database enables them', async () => {
    const response = await h.get('/rest/v1/rest_clients', { Accept: PLAN_JSON });
    expect(await summary(response)).toMatchObject({
      status: 406,
      body: { code: 'PGRST107', message: `None of these media types are available: ${PLAN_JSON}` },
    });
  });

  it('answers the plan as JSON or text once pgrst.db_plan_enabled is on', async () => {
    await h.db.exec(`
      do $$ begin execute format('alter database %I set pgrst.db_plan_enabled = true', current_database()); end $$;
    `);
    await h.db.query("select pg_notify('pgrst', 'reload config')");
    await expect
      .poll(async () => (await h.get('/rest/v1/rest_clients', { Accept: PLAN_JSON })).status, { timeout: 5000 })
      .toBe(200);
    const json = await h.get('/rest/v1/rest_clients?id=eq.1', { Accept: `${PLAN_JSON}; options=verbose` });
    expect(json.headers.get('content-type')).toBe(`${PLAN_JSON}; options=verbose; charset=utf-8`);
    const [plan] = (await json.json()) as [{ Plan: { 'Node Type': string } }];
    expect(plan.Plan['Node Type']).toBe('Aggregate');
    const text = await h.get('/rest/v1/rest_clients', { Accept: 'application/vnd.pgrst.plan+text' });
    expect(text.headers.get('content-type')).toBe(
      'application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8',
    );
    expect(await text.text()).toMatch(/^Aggregate/);
    const unknownOption = await h.get('/rest/v1/rest_clients', { Accept: `${PLAN_JSON}; options=drop` });
    expect(unknownOption.status).toBe(406);
  });

  it('runs with the search path PostgREST sets: the schema, then every extra schema, repeats kept', async () => {
    const response = await h.get('/rest/v1/rest_clients', { Accept: `${PLAN_JSON}; options=settings` });
    const [plan] = (await response.json()) as [{ Settings: Record<string, string> }];
    expect(plan.Settings.search_path).toBe('"public", "public", "extensions"');
  });
});

describe('media types', () => {
  it('refuses application/geo+json with 406, as PostgREST does without PostGIS', async () => {
    const response = await h.get('/rest/v1/rest_clients', { Accept: 'application/geo+json' });
    expect(await summary(response)).toEqual({
      status: 406,
      headers: {},
      body: {
        code: 'PGRST107',
        message: 'None of these media types are available: application/geo+json',
        details: null,
        hint: null,
      },
    });
  });
});

describe('CSV bodies', () => {
  it('inserts rows from CSV: header line, quoted fields, NULL as null', async () => {
    const csv = 'id,name\n50,"Wayne, Enterprises"\r\n51,"Say ""hi"""\n';
    const response = await h.request('/rest/v1/rest_clients?select=id,name', {
      method: 'POST',
      headers: { 'Content-Type': 'text/csv', Prefer: 'return=representation' },
      body: csv,
    });
    expect(await summary(response)).toMatchObject({
      status: 201,
      body: [
        { id: 50, name: 'Wayne, Enterprises' },
        { id: 51, name: 'Say "hi"' },
      ],
    });
    const nulls = await h.request('/rest/v1/rest_projects?select=name,budget', {
      method: 'POST',
      headers: { 'Content-Type': 'text/csv', Prefer: 'return=representation' },
      body: 'name,budget\nCsv project,NULL',
    });
    expect(await nulls.json()).toEqual([{ name: 'Csv project', budget: null }]);
  });

  it('refuses ragged or unterminated CSV with PGRST102', async () => {
    for (const body of ['id,name\n52', 'id,name\n52,"open']) {
      const response = await h.request('/rest/v1/rest_clients', {
        method: 'POST',
        headers: { 'Content-Type': 'text/csv' },
        body,
      });
      expect(await summary(response)).toMatchObject({ status: 400, body: { code: 'PGRST102' } });
    }
  });
});

describe('spreading a to-many embed', () => {
  it('puts one array per spread column into the parent', async () => {
    const response = await h.get(
      `/rest/v1/rest_projects?select=name,...rest_tasks(titles:title,done)&id=eq.${APOLLO}&rest_tasks.order=id`,
    );
    expect(await response.json()).toEqual([{ name: 'Apollo', titles: ['Design', 'Build'], done: [true, false] }]);
    const empty = await h.get('/rest/v1/rest_projects?select=name,...rest_tasks(title)&name=eq.Borealis');
    expect(await empty.json()).toEqual([{ name: 'Borealis', title: [] }]);
  });
});

describe('the OpenAPI document', () => {
  interface Document {
    info: { title: string; version: string };
    basePath: string;
    paths: Record<string, Record<string, { parameters?: unknown[] }>>;
    definitions: Record<string, { required?: string[]; properties: Record<string, Record<string, unknown>> }>;
    parameters: Record<string, Record<string, unknown>>;
  }

  it('describes tables, views and functions as PostgREST does', async () => {
    await h.db.exec(`
      comment on column public.rest_tasks.title is 'What to do';
      create function public.rest_double(n int) returns int language sql immutable as 'select n * 2';
      notify pgrst, 'reload schema';
    `);
    await expect
      .poll(async () => Object.keys(((await (await h.get('/rest/v1/')).json()) as Document).paths), { timeout: 5000 })
      .toContain('/rpc/rest_double');
    const document = (await (await h.get('/rest/v1/')).json()) as Document;
    // The schema's comment gives the title, as in PostgREST.
    expect(document.info).toEqual({ title: 'standard public schema', description: '', version: '14.0' });
    expect(document.basePath).toBe('/rest/v1/');
    expect(Object.keys(document.paths['/rest_tasks']).sort()).toEqual(['delete', 'get', 'patch', 'post']);
    expect(Object.keys(document.paths['/rest_active_projects'])).toContain('get');
    expect(document.paths['/rpc/rest_double'].get.parameters).toEqual([
      { name: 'n', required: true, in: 'query', format: 'integer', type: 'string' },
    ]);
    const tasks = document.definitions.rest_tasks;
    expect(tasks.required).toEqual(['id', 'project_id', 'title', 'done']);
    expect(tasks.properties.id).toMatchObject({
      format: 'integer',
      type: 'integer',
      description: 'Note:\nThis is a Primary Key.<pk/>',
    });
    expect(tasks.properties.project_id.description).toBe(
      "Note:\nThis is a Foreign Key to `rest_projects.id`.<fk table='rest_projects' column='id'/>",
    );
    expect(tasks.properties.title).toEqual({ description: 'What to do', format: 'text', type: 'string' });
    expect(tasks.properties.done).toMatchObject({ default: false, type: 'boolean' });
    expect(document.definitions.rest_projects.properties.tags).toEqual({
      format: 'text[]',
      type: 'array',
      items: { type: 'string' },
    });
    expect(document.parameters['rowFilter.rest_tasks.title']).toEqual({
      name: 'title',
      description: 'What to do',
      required: false,
      in: 'query',
      type: 'string',
    });
  });
});
