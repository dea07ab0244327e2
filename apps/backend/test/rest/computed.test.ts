// Relationships beyond plain foreign keys, through supabase-js as an application uses them: computed relationships
// (functions of a row, embedded under their name) and views that show key columns under other names.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APOLLO, FIXTURE_SQL } from './fixture.ts';
import { startJsBackend, type JsBackend } from './js-backend.ts';

const RELATIONSHIPS_SQL = `
insert into public.rest_tasks (project_id, title, done) values ('${APOLLO}', 'Assemble', false);

create function public.rest_open_tasks(public.rest_projects) returns setof public.rest_tasks
  language sql stable as $$ select * from public.rest_tasks where project_id = $1.id and not done $$;
create function public.rest_owner(public.rest_projects) returns public.rest_clients
  language sql stable as $$ select * from public.rest_clients where id = $1.client_id $$;
create function public.rest_first_task(public.rest_projects) returns setof public.rest_tasks rows 1
  language sql stable as $$ select * from public.rest_tasks where project_id = $1.id order by id limit 1 $$;
create function public.rest_client_tasks(public.rest_clients) returns setof public.rest_tasks
  language sql stable as $$
    select t.* from public.rest_tasks t join public.rest_projects p on p.id = t.project_id where p.client_id = $1.id $$;
-- Named like the table: only a client's active projects, instead of every project whose key points at it.
create function public.rest_projects(public.rest_clients) returns setof public.rest_projects
  language sql stable as $$ select * from public.rest_projects where client_id = $1.id and status = 'active' $$;
create function public.rest_projects_named(pattern text) returns setof public.rest_projects
  language sql stable as $$ select * from public.rest_projects where name like pattern $$;

create view public.rest_project_cards as
  select p.id as project_key, p.name as label, p.client_id as customer from public.rest_projects p;
create view public.rest_task_cards as
  select t.title as heading, t.project_id as parent_project from public.rest_tasks t;
`;

let js: JsBackend;
let anon: SupabaseClient;
beforeAll(async () => {
  js = await startJsBackend(FIXTURE_SQL + RELATIONSHIPS_SQL);
  anon = js.anon;
});
afterAll(() => js.stop());

describe('computed relationships', () => {
  it('embeds the rows a function returns for each row, under its name or an alias', async () => {
    const { data, error } = await anon
      .from('rest_projects')
      .select('name, rest_open_tasks(title), open:rest_open_tasks(done)')
      .in('name', ['Apollo', 'Borealis'])
      .order('name')
      .order('title', { referencedTable: 'rest_open_tasks' });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        name: 'Apollo',
        rest_open_tasks: [{ title: 'Assemble' }, { title: 'Build' }],
        open: [{ done: false }, { done: false }],
      },
      { name: 'Borealis', rest_open_tasks: [], open: [] },
    ]);
  });

  it('embeds a single row as an object, also from a set declared rows 1, and null when there is none', async () => {
    const { data, error } = await anon
      .from('rest_projects')
      .select('name, rest_owner(name), rest_first_task(title)')
      .in('name', ['Apollo', 'Dune, Part 2'])
      .order('name');
    expect(error).toBeNull();
    // A function returning one row gives a row of nulls when it finds none; an empty set gives null.
    expect(data).toEqual([
      { name: 'Apollo', rest_owner: { name: 'Acme' }, rest_first_task: { title: 'Design' } },
      { name: 'Dune, Part 2', rest_owner: { name: null }, rest_first_task: null },
    ]);
  });

  it('filters, orders, limits and offsets the embedded rows', async () => {
    const { data, error } = await anon
      .from('rest_clients')
      .select('name, rest_client_tasks(title)')
      .eq('id', 1)
      .neq('rest_client_tasks.title', 'Design')
      .order('title', { referencedTable: 'rest_client_tasks', ascending: false })
      .range(1, 2, { referencedTable: 'rest_client_tasks' });
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Acme', rest_client_tasks: [{ title: 'Assemble' }] }]);
  });

  it('keeps only the rows with a match for !inner, and counts them', async () => {
    const { data, count, error } = await anon
      .from('rest_projects')
      .select('name, rest_open_tasks!inner(title)', { count: 'exact' })
      .eq('rest_open_tasks.title', 'Launch');
    expect(error).toBeNull();
    expect(count).toBe(1);
    expect(data).toEqual([{ name: 'Cassini', rest_open_tasks: [{ title: 'Launch' }] }]);
  });

  it('spreads a to-one row into its parent and nests other embeddings inside', async () => {
    const { data, error } = await anon
      .from('rest_projects')
      .select('name, ...rest_owner(client:name), rest_first_task(title, rest_projects(status))')
      .eq('id', APOLLO);
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Apollo', client: 'Acme', rest_first_task: { title: 'Design', rest_projects: { status: 'active' } } },
    ]);
  });

  it('overrides the foreign-key relationship to a table of the same name', async () => {
    const { data, error } = await anon
      .from('rest_clients')
      .select('name, rest_projects(name)')
      .in('id', [1, 2])
      .order('id')
      .order('name', { referencedTable: 'rest_projects' });
    expect(error).toBeNull();
    // Globex's only project is archived: the foreign key would embed it, the function does not.
    expect(data).toEqual([
      { name: 'Acme', rest_projects: [{ name: 'Apollo' }, { name: 'Borealis' }] },
      { name: 'Globex', rest_projects: [] },
    ]);
  });

  it("embeds from a function's result and from written rows", async () => {
    const called = await anon
      .rpc('rest_projects_named', { pattern: 'A%' })
      .select('name, rest_open_tasks(title)')
      .order('title', { referencedTable: 'rest_open_tasks' });
    expect(called.error).toBeNull();
    expect(called.data).toEqual([{ name: 'Apollo', rest_open_tasks: [{ title: 'Assemble' }, { title: 'Build' }] }]);
    const inserted = await anon
      .from('rest_projects')
      .insert({ name: 'Europa', client_id: 3 })
      .select('name, rest_owner(name), rest_open_tasks(title)')
      .single();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toEqual({ name: 'Europa', rest_owner: { name: 'Initech' }, rest_open_tasks: [] });
    await anon.from('rest_projects').delete().eq('name', 'Europa');
  });

  it("answers an unknown relationship with PostgREST's PGRST200, suggesting what computed ones reach", async () => {
    const { error, status } = await anon.from('rest_clients').select('name, rest_task(title)');
    expect(status).toBe(400);
    expect(error).toEqual({
      code: 'PGRST200',
      message: "Could not find a relationship between 'rest_clients' and 'rest_task' in the schema cache",
      details:
        "Searched for a foreign key relationship between 'rest_clients' and 'rest_task' in the schema 'public', but no matches were found.",
      hint: "Perhaps you meant 'rest_tasks' instead of 'rest_task'.",
    });
    // A function of another table's row is no relationship of this one.
    const other = await anon.from('rest_tasks').select('title, rest_open_tasks(title)');
    expect(other.error).toMatchObject({
      code: 'PGRST200',
      message: "Could not find a relationship between 'rest_tasks' and 'rest_open_tasks' in the schema cache",
    });
  });
});

describe('views showing key columns under other names', () => {
  it('embeds tables from a view, both ways, through its renamed columns', async () => {
    const { data, error } = await anon
      .from('rest_project_cards')
      .select('label, rest_clients(name), rest_tasks(title)')
      .eq('project_key', APOLLO)
      .order('title', { referencedTable: 'rest_tasks' });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        label: 'Apollo',
        rest_clients: { name: 'Acme' },
        rest_tasks: [{ title: 'Assemble' }, { title: 'Build' }, { title: 'Design' }],
      },
    ]);
  });

  it('embeds a view from a table and a view from another view', async () => {
    const fromTable = await anon.from('rest_clients').select('name, rest_project_cards(label)').eq('id', 2);
    expect(fromTable.error).toBeNull();
    expect(fromTable.data).toEqual([{ name: 'Globex', rest_project_cards: [{ label: 'Cassini' }] }]);

    const fromView = await anon
      .from('rest_task_cards')
      .select('heading, rest_project_cards(label)')
      .eq('heading', 'Launch');
    expect(fromView.error).toBeNull();
    expect(fromView.data).toEqual([{ heading: 'Launch', rest_project_cards: { label: 'Cassini' } }]);

    const back = await anon.from('rest_project_cards').select('label, rest_task_cards(heading)').eq('label', 'Cassini');
    expect(back.data).toEqual([{ label: 'Cassini', rest_task_cards: [{ heading: 'Launch' }] }]);
  });
});

describe('counts of a set-returning function', () => {
  // PostgREST counts a call's rows exactly for count=exact and count=estimated, and has no estimate for a call.
  it.each([
    ['exact', '0-3/4'],
    ['estimated', '0-3/4'],
    ['planned', '0-3/*'],
  ])('count=%s answers Content-Range %s', async (mode, range) => {
    const response = await fetch(`${js.backend.url}/rest/v1/rpc/rest_projects_named?pattern=%25`, {
      headers: { apikey: js.backend.deps.keys.anonKey, prefer: `count=${mode}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBe(range);
    expect(await response.json()).toHaveLength(4);
  });
});
