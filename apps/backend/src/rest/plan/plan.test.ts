// The plan stage: request AST + schema cache -> action plan, and the schema-cache errors (PGRST2xx).
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../errors.ts';
import { parseRequest, type RawRequest } from '../request/parse.ts';
import { fixtureCache } from '../schema/fixture.ts';
import { planRequest } from './plan.ts';
import type { MutateAction, ReadAction } from './types.ts';

const cache = fixtureCache();
const request = (overrides: Partial<RawRequest>) =>
  parseRequest(
    { method: 'GET', path: '/projects', query: '', headers: {}, body: '', ...overrides },
    { schemas: ['public'] },
  );
const plan = (overrides: Partial<RawRequest>) => planRequest(request(overrides), cache, { maxRows: 1000 });
const failure = (overrides: Partial<RawRequest>) => {
  try {
    plan(overrides);
  } catch (error) {
    return { status: (error as ApiError).status, ...(error as ApiError).body };
  }
  throw new Error('expected a failure');
};

describe('read plans', () => {
  it('reads the table with its filters, order and a range capped at max_rows', () => {
    const read = plan({ query: 'select=id,title:name&name=eq.x&order=name.desc' }) as ReadAction;
    expect(read.kind).toBe('read');
    expect(read.read.from).toEqual({ schema: 'public', name: 'projects' });
    expect(read.read.select).toEqual([
      { field: { name: 'id', jsonPath: [] } },
      { field: { name: 'name', jsonPath: [] }, alias: 'title' },
    ]);
    expect(read.read.where).toHaveLength(1);
    expect(read.read.order).toEqual([{ field: { name: 'name', jsonPath: [] }, direction: 'desc' }]);
    expect(read.read.range).toEqual({ offset: 0, limit: 1000 });
    expect(read.format).toEqual({ kind: 'json' });
    expect(read.count).toBe(false);
  });

  it('names a JSON path by its last key', () => {
    const read = plan({ query: 'select=meta->a->>b' }) as ReadAction;
    expect(read.read.select[0].alias).toBe('b');
  });

  it('names a JSON path by its last key past any index, or by its column when it has only indexes', () => {
    const read = plan({ query: 'select=meta->c->0->d->>4,meta->0->a->>2,meta->0->>1' }) as ReadAction;
    expect(read.read.select.map((field) => field.alias)).toEqual(['d', 'a', 'meta']);
  });

  it.each([
    [
      'select=*,client:clients(name)',
      { name: 'client', toOne: true },
      [{ parentColumn: 'client_id', childColumn: 'id' }],
    ],
    ['select=*,tasks(title)', { name: 'tasks', toOne: false }, [{ parentColumn: 'id', childColumn: 'project_id' }]],
  ])('embeds %s', (query, embed, conditions) => {
    const read = plan({ query }) as ReadAction;
    expect(read.read.embeds[0]).toMatchObject({ ...embed, aggregateAlias: 'pgrst_1', inner: false, spread: false });
    expect(read.read.embeds[0].read.join?.conditions).toEqual(conditions);
  });

  it('embeds many-to-many through the junction table', () => {
    const read = plan({ query: 'select=name,users(name)' }) as ReadAction;
    const embed = read.read.embeds[0];
    expect(embed.toOne).toBe(false);
    expect(embed.read.join?.junction).toEqual({
      table: { schema: 'public', name: 'project_members' },
      toChild: [{ parentColumn: 'user_id', childColumn: 'id' }],
      toParent: [{ parentColumn: 'id', childColumn: 'project_id' }],
    });
  });

  it.each([
    ['/projects', 'select=*,open_tasks(title)', { toOne: false }, 'tasks', 'projects', 'open_tasks'],
    ['/projects', 'select=*,lead(name)', { toOne: true }, 'users', 'projects', 'lead'],
    ['/projects', 'select=*,boss:lead!whatever(name)', { name: 'boss', toOne: true }, 'users', 'projects', 'lead'],
    // Named like the table `projects`: the computed relationship overrides the foreign key from clients.
    ['/clients', 'select=*,projects(name)', { toOne: false }, 'projects', 'clients', 'projects'],
  ])('embeds %s?%s through a computed relationship', (path, query, embed, target, argument, fn) => {
    const read = plan({ path, query }) as ReadAction;
    expect(read.read.embeds[0]).toMatchObject({ ...embed, inner: false, spread: false });
    const child = read.read.embeds[0].read;
    expect(child.from).toEqual({ schema: 'public', name: target });
    expect(child.fromFunction).toEqual({
      name: { schema: 'public', name: fn },
      argumentType: { schema: 'public', name: argument },
    });
    expect(child.join).toBeUndefined();
  });

  it('filters, orders, pages and nests a computed relationship like any embedding', () => {
    const read = plan({
      query:
        'select=name,open_tasks!inner(title,projects(name))&open_tasks.title=eq.a&open_tasks.order=title&open_tasks.limit=1',
    }) as ReadAction;
    const [embed] = read.read.embeds;
    expect(embed.inner).toBe(true);
    expect(embed.read).toMatchObject({ where: [expect.anything()], range: { offset: 0, limit: 1 } });
    expect(embed.read.order).toHaveLength(1);
    expect(embed.read.embeds[0].read.join?.conditions).toEqual([{ parentColumn: 'project_id', childColumn: 'id' }]);
  });

  it('applies embedded filters, order and limits to the embedded read', () => {
    const read = plan({
      query: 'select=*,tasks!inner(*)&tasks.title=eq.a&tasks.order=title&tasks.limit=2',
    }) as ReadAction;
    const child = read.read.embeds[0];
    expect(child.inner).toBe(true);
    expect(child.read.where).toHaveLength(1);
    expect(child.read.order).toHaveLength(1);
    expect(child.read.range).toEqual({ offset: 0, limit: 2 });
    expect(read.read.where).toHaveLength(0);
  });

  it('negotiates the single-object format and counts on request', () => {
    const read = plan({
      headers: { accept: 'application/vnd.pgrst.object+json', prefer: 'count=exact' },
    }) as ReadAction;
    expect(read.format).toEqual({ kind: 'object', stripNulls: false });
    expect(read.count).toBe(true);
  });
});

describe('mutation plans', () => {
  it('inserts the body keys and returns what select names', () => {
    const mutate = plan({
      method: 'POST',
      body: '{"name":"x"}',
      query: 'select=id',
      headers: { prefer: 'return=representation' },
    }) as MutateAction;
    expect(mutate.mutate).toMatchObject({ kind: 'insert', returning: ['id'], applyDefaults: false });
    expect(mutate.mutate.kind === 'insert' && mutate.mutate.columns.map((c) => [c.name, c.type])).toEqual([
      ['name', 'text'],
    ]);
    expect(mutate.read.fromCte).toBe('pgrst_source');
    expect(mutate.representation).toBe('full');
  });

  it('returns every column when a computed relationship takes the written rows', () => {
    const mutate = plan({
      method: 'POST',
      body: '{"name":"x"}',
      query: 'select=id,open_tasks(title)',
      headers: { prefer: 'return=representation' },
    }) as MutateAction;
    expect(mutate.mutate).toMatchObject({ kind: 'insert', returning: ['*'] });
  });

  it('upserts on the primary key or on on_conflict', () => {
    const byKey = plan({
      method: 'POST',
      body: '{"name":"x"}',
      headers: { prefer: 'resolution=merge-duplicates' },
    }) as MutateAction;
    expect(byKey.mutate.kind === 'insert' && byKey.mutate.conflict).toEqual({
      resolution: 'merge-duplicates',
      columns: ['id'],
    });
    const byName = plan({
      method: 'POST',
      body: '{"name":"x"}',
      query: 'on_conflict=name',
      headers: { prefer: 'resolution=ignore-duplicates' },
    }) as MutateAction;
    expect(byName.mutate.kind === 'insert' && byName.mutate.conflict).toEqual({
      resolution: 'ignore-duplicates',
      columns: ['name'],
    });
  });

  it('returns nothing by default, the key for headers-only', () => {
    expect((plan({ method: 'DELETE', query: 'id=eq.1' }) as MutateAction).mutate).toMatchObject({
      kind: 'delete',
      returning: [],
    });
    const headersOnly = plan({
      method: 'POST',
      body: '{"name":"x"}',
      headers: { prefer: 'return=headers-only' },
    }) as MutateAction;
    expect(headersOnly.mutate.kind === 'insert' && headersOnly.mutate.returning).toEqual(['id']);
  });

  it('updates with the filters as the WHERE, and the representation reads the rows as they are now', () => {
    const mutate = plan({
      method: 'PATCH',
      body: '{"name":"y"}',
      query: 'name=eq.x',
      headers: { prefer: 'return=representation' },
    }) as MutateAction;
    expect(mutate.mutate.kind === 'update' && mutate.mutate.where).toHaveLength(1);
    expect(mutate.read.where).toEqual([]);
  });
});

describe('schema cache errors', () => {
  it.each([
    [
      { path: '/projets' },
      {
        status: 404,
        code: 'PGRST205',
        message: "Could not find the table 'public.projets' in the schema cache",
        hint: "Perhaps you meant the table 'public.projects'",
        details: null,
      },
    ],
    [{ path: '/zzz' }, { status: 404, code: 'PGRST205', hint: null }],
    [
      { method: 'POST', body: '{"nope":1}' },
      {
        status: 400,
        code: 'PGRST204',
        message: "Could not find the 'nope' column of 'projects' in the schema cache",
      },
    ],
    [
      { query: 'select=*,nothing(*)' },
      {
        status: 400,
        code: 'PGRST200',
        message: "Could not find a relationship between 'projects' and 'nothing' in the schema cache",
        details:
          "Searched for a foreign key relationship between 'projects' and 'nothing' in the schema 'public', but no matches were found.",
      },
    ],
    [
      { query: 'select=*,task(*)' },
      { status: 400, code: 'PGRST200', hint: "Perhaps you meant 'tasks' instead of 'task'." },
    ],
    [
      { query: 'select=*,user(*)' },
      { status: 400, code: 'PGRST200', hint: "Perhaps you meant 'users' instead of 'user'." },
    ],
    [
      { path: '/tasks', query: 'select=*,open_tasks(*)' },
      {
        status: 400,
        code: 'PGRST200',
        message: "Could not find a relationship between 'tasks' and 'open_tasks' in the schema cache",
      },
    ],
    [
      { path: '/employees', query: 'select=*,employees!employees_manager_id_fkey(*)' },
      {
        status: 400,
        code: 'PGRST200',
        details:
          "Searched for a foreign key relationship between 'employees' and 'employees' using the hint 'employees_manager_id_fkey' in the schema 'public', but no matches were found.",
        hint: null,
      },
    ],
    [
      { query: 'select=*,tasks!project_id(*),tasks!tasks_project_id_fkey(*)' },
      { status: 400, code: '42712', message: 'table name "projects_tasks_1" specified more than once' },
    ],
    [
      { query: 'tasks.title=eq.x' },
      { status: 400, code: 'PGRST108', message: "'tasks' is not an embedded resource in this request" },
    ],
    [
      { headers: { accept: 'text/html' } },
      { status: 406, code: 'PGRST107', message: 'None of these media types are available: text/html' },
    ],
  ])('%o', (overrides, expected) => {
    expect(failure(overrides)).toMatchObject(expected);
  });

  it.each(['client_id', 'projects_client_id_fkey'])('picks the relationship named by the hint %s', (hint) => {
    const read = plan({ query: `select=*,owner:clients!${hint}(*)` }) as ReadAction;
    expect(read.read.embeds[0]).toMatchObject({ name: 'owner', toOne: true });
  });

  it.each([
    ['/employees', 'employees(*)', false, { parentColumn: 'id', childColumn: 'manager_id' }],
    ['/employees', 'employees!manager_id(*)', false, { parentColumn: 'id', childColumn: 'manager_id' }],
    ['/employees', 'manager_id(*)', true, { parentColumn: 'manager_id', childColumn: 'id' }],
    ['/projects', 'client_id(*)', true, { parentColumn: 'client_id', childColumn: 'id' }],
    ['/projects', 'projects_client_id_fkey(*)', true, { parentColumn: 'client_id', childColumn: 'id' }],
    ['/projects', 'tasks_project_id_fkey(*)', false, { parentColumn: 'id', childColumn: 'project_id' }],
  ])('embeds %s?select=%s by a table, key column or constraint name', (path, embed, toOne, condition) => {
    const read = plan({ path, query: `select=*,${embed}` }) as ReadAction;
    expect(read.read.embeds[0].toOne).toBe(toOne);
    expect(read.read.embeds[0].read.join?.conditions).toEqual([condition]);
  });

  it('refuses a hint that names no relationship', () => {
    expect(failure({ query: 'select=*,clients!nope(*)' })).toMatchObject({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'projects' and 'clients' using the hint 'nope' in the schema 'public', but no matches were found.",
    });
  });
});
