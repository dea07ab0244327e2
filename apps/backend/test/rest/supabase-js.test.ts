// @supabase/supabase-js against a real listening backend: the query builder chains a developer writes get the
// data, counts, statuses and errors that a hosted Supabase gives them.
import type { SupabaseClient } from '@supabase/supabase-js';
import { createNodeClient } from '@teamplan/supabase-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/server.ts';
import { APOLLO, FIXTURE_SQL } from './fixture.ts';
import { startJsBackend, type JsBackend } from './js-backend.ts';

const USER = '55555555-5555-4555-8555-555555555555';
let js: JsBackend;
let backend: Backend;
let anon: SupabaseClient;
let user: SupabaseClient;

beforeAll(async () => {
  js = await startJsBackend(FIXTURE_SQL);
  ({ backend, anon } = js);
  user = js.clientWith(await backend.deps.keys.sign({ sub: USER, role: 'authenticated', aud: 'authenticated' }, 3600));
});
afterAll(() => js.stop());

describe('reading', () => {
  it('filters, orders and limits', async () => {
    const { data, error, status } = await anon
      .from('rest_projects')
      .select('name, budget')
      .eq('status', 'active')
      .order('name', { ascending: false })
      .limit(2);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([
      { name: 'Dune, Part 2', budget: 75.25 },
      { name: 'Borealis', budget: null },
    ]);
  });

  it('combines in (with quoting), not, or and ilike', async () => {
    const inList = await anon.from('rest_projects').select('name').in('name', ['Apollo', 'Dune, Part 2']).order('name');
    expect(inList.data).toEqual([{ name: 'Apollo' }, { name: 'Dune, Part 2' }]);
    const negated = await anon
      .from('rest_projects')
      .select('name')
      .not('budget', 'is', null)
      .ilike('name', '%a%')
      .order('name');
    expect(negated.data).toEqual([{ name: 'Apollo' }, { name: 'Cassini' }, { name: 'Dune, Part 2' }]);
    const either = await anon
      .from('rest_projects')
      .select('name')
      .or('status.eq.archived,budget.is.null')
      .order('name');
    expect(either.data).toEqual([{ name: 'Borealis' }, { name: 'Cassini' }]);
  });

  it('counts exactly, with head and with a range', async () => {
    const head = await anon.from('rest_projects').select('*', { count: 'exact', head: true }).eq('status', 'active');
    expect(head).toMatchObject({ count: 3, data: null, error: null, status: 200 });
    const page = await anon.from('rest_projects').select('name', { count: 'exact' }).order('name').range(1, 2);
    expect(page).toMatchObject({ count: 4, status: 206, data: [{ name: 'Borealis' }, { name: 'Cassini' }] });
  });

  it('embeds related rows', async () => {
    const { data } = await anon
      .from('rest_projects')
      .select('name, client:rest_clients(name), rest_tasks(title)')
      .eq('id', APOLLO)
      .order('title', { referencedTable: 'rest_tasks' });
    expect(data).toEqual([
      { name: 'Apollo', client: { name: 'Acme' }, rest_tasks: [{ title: 'Build' }, { title: 'Design' }] },
    ]);
  });

  it('single() gives an object or PGRST116', async () => {
    expect(await anon.from('rest_projects').select('name').eq('id', APOLLO).single()).toMatchObject({
      data: { name: 'Apollo' },
      error: null,
    });
    const none = await anon.from('rest_projects').select('name').eq('name', 'nothing').single();
    expect(none).toMatchObject({
      data: null,
      status: 406,
      error: { code: 'PGRST116', details: 'The result contains 0 rows' },
    });
  });

  it('maybeSingle() gives an object, null, or an error for several rows', async () => {
    expect(await anon.from('rest_projects').select('name').eq('name', 'Apollo').maybeSingle()).toMatchObject({
      data: { name: 'Apollo' },
      error: null,
    });
    expect(await anon.from('rest_projects').select('name').eq('name', 'nothing').maybeSingle()).toMatchObject({
      data: null,
      error: null,
    });
    expect((await anon.from('rest_projects').select('name').maybeSingle()).error).toMatchObject({ code: 'PGRST116' });
  });

  it("loads a member's permissions the way the product does", async () => {
    const { data, error } = await user
      .from('organization_users')
      .select('can_manage_users, can_manage_projects, can_manage_announcements')
      .eq('user_id', USER)
      .limit(1)
      .maybeSingle();
    expect(error).toBeNull();
    expect(data).toBeNull();
  });

  it('reports an unknown table as PostgREST does', async () => {
    const { error, status } = await anon.from('rest_nothing').select();
    expect(status).toBe(404);
    expect(error).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.rest_nothing' in the schema cache",
    });
  });
});

describe('writing', () => {
  it('inserts and reads back one row', async () => {
    const { data, error, status } = await anon
      .from('rest_clients')
      .insert({ name: 'Cyberdyne' })
      .select('name')
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual({ name: 'Cyberdyne' });
  });

  it('inserts several rows with different keys, filling the gaps with null', async () => {
    const { data, error } = await anon
      .from('rest_tasks')
      .insert([
        { project_id: APOLLO, title: 'Test' },
        { project_id: APOLLO, title: 'Ship', estimate: 2 },
      ])
      .select('title, estimate');
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'Test', estimate: null },
      { title: 'Ship', estimate: 2 },
    ]);
  });

  it('upserts on a conflict target', async () => {
    const { data, error } = await anon
      .from('rest_clients')
      .upsert({ id: 2, name: 'Globex Corp' }, { onConflict: 'id' })
      .select('id, name');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 2, name: 'Globex Corp' }]);
    const ignored = await anon
      .from('rest_clients')
      .upsert({ id: 2, name: 'Ignored' }, { ignoreDuplicates: true })
      .select();
    expect(ignored.data).toEqual([]);
  });

  it('updates and deletes with filters', async () => {
    const updated = await anon.from('rest_tasks').update({ done: true }).eq('title', 'Test').select('title, done');
    expect(updated).toMatchObject({ status: 200, data: [{ title: 'Test', done: true }] });
    const deleted = await anon.from('rest_tasks').delete().eq('title', 'Test');
    expect(deleted).toMatchObject({ status: 204, error: null, data: null });
    const counted = await anon.from('rest_tasks').delete({ count: 'exact' }).eq('title', 'Ship');
    expect(counted).toMatchObject({ status: 204, count: 1 });
  });

  it('reports constraint violations with their codes', async () => {
    const { error, status } = await anon.from('rest_clients').insert({ id: 1, name: 'Duplicate' });
    expect(status).toBe(409);
    expect(error).toMatchObject({ code: '23505', details: 'Key (id)=(1) already exists.' });
  });
});

describe('features through the query builder', () => {
  it('counts by the planner and by estimate', async () => {
    const planned = await anon.from('rest_projects').select('*', { count: 'planned', head: true });
    // The planner's guess may exceed the rows, making this a partial answer, as PostgREST's would be.
    expect(planned).toMatchObject({ error: null, data: null });
    expect(planned.count).toBeGreaterThan(0);
    const estimated = await anon.from('rest_projects').select('name', { count: 'estimated' }).limit(1);
    expect(estimated).toMatchObject({ count: 4, status: 206, data: [{ name: expect.any(String) }] });
  });

  it('spreads a to-many embed into arrays', async () => {
    const { data, error } = await anon
      .from('rest_projects')
      .select('name, ...rest_tasks(title)')
      .eq('id', APOLLO)
      .order('id', { referencedTable: 'rest_tasks' });
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Apollo', title: ['Design', 'Build'] }]);
  });

  it('refuses geojson and plans that the database has not enabled, with 406', async () => {
    const geo = await anon.from('rest_clients').select().geojson();
    expect(geo).toMatchObject({ status: 406, error: { code: 'PGRST107' } });
    const plan = await anon.from('rest_clients').select().explain({ format: 'json' });
    expect(plan).toMatchObject({ status: 406, error: { code: 'PGRST107' } });
  });

  it('refuses aggregates with PGRST123 until pgrst.db_aggregates_enabled is on', async () => {
    const total = () => anon.from('rest_projects').select('budget.sum(), count()').eq('status', 'active');
    const refused = await total();
    expect(refused).toMatchObject({ status: 400, data: null });
    expect({ ...refused.error }).toEqual({
      code: 'PGRST123',
      message: 'Use of aggregate functions is not allowed',
      details: null,
      hint: null,
    });
    // Inside an embed too: PostgREST looks through the whole read plan.
    const embedded = await anon.from('rest_clients').select('name, rest_projects(count())');
    expect(embedded.error).toMatchObject({ code: 'PGRST123' });

    await backend.deps.db.exec(`
      do $$ begin execute format('alter database %I set pgrst.db_aggregates_enabled = true', current_database()); end $$;
    `);
    await backend.deps.db.query("select pg_notify('pgrst', 'reload config')");
    await expect.poll(async () => (await total()).status, { timeout: 5000 }).toBe(200);
    const { data, error } = await total();
    expect(error).toBeNull();
    expect(data).toEqual([{ sum: expect.any(Number), count: 3 }]);
  });

  it('ignores rollback() until pgrst.db_tx_end lets a request choose, as PostgREST does by default', async () => {
    const rename = (name: string) => anon.from('rest_clients').update({ name }).eq('id', 3).select('name').rollback();
    const nameNow = async () => (await anon.from('rest_clients').select('name').eq('id', 3).single()).data;
    const before = await nameNow();

    const committed = await rename('Committed anyway');
    expect(committed).toMatchObject({ error: null, status: 200, data: [{ name: 'Committed anyway' }] });
    expect(await nameNow()).toEqual({ name: 'Committed anyway' });

    await backend.deps.db.exec(`
      do $$ begin execute format('alter database %I set pgrst.db_tx_end = %L', current_database(),
        'commit-allow-override'); end $$;
    `);
    await backend.deps.db.query("select pg_notify('pgrst', 'reload config')");
    // The cache reloads in the background: until it has, a rename still commits and is put back.
    const rolledBack = async () => {
      const { data } = await rename('Rolled back');
      expect(data).toEqual([{ name: 'Rolled back' }]);
      if ((await nameNow())?.name === 'Committed anyway') return true;
      await anon.from('rest_clients').update({ name: 'Committed anyway' }).eq('id', 3);
      return false;
    };
    await expect.poll(rolledBack, { timeout: 5000 }).toBe(true);
    await anon
      .from('rest_clients')
      .update(before ?? {})
      .eq('id', 3);
  });

  it('rolls every request back under pgrst.db_tx_end rollback-allow-override, unless it asks to commit', async () => {
    const txEnd = (clause: string) =>
      backend.deps.db.exec(`
        do $$ begin execute format('alter database %I ${clause}', current_database(), 'rollback-allow-override'); end $$;
        select pg_notify('pgrst', 'reload config');
      `);
    const committing = createNodeClient(backend.url, backend.deps.keys.anonKey, {
      global: { headers: { Prefer: 'tx=commit' } },
    });
    const exists = async (name: string) =>
      ((await anon.from('rest_clients').select('name').eq('name', name)).data ?? []).length > 0;

    await txEnd('set pgrst.db_tx_end = %L');
    // The cache reloads in the background: until it has, an insert still commits, and each attempt removes its own.
    let attempt = 0;
    const undone = async () => {
      const name = `Ephemeral ${++attempt}`;
      expect((await anon.from('rest_clients').insert({ name }).select('name')).data).toEqual([{ name }]);
      if (!(await exists(name))) return true;
      await committing.from('rest_clients').delete().eq('name', name);
      return false;
    };
    await expect.poll(undone, { timeout: 5000 }).toBe(true);

    expect((await committing.from('rest_clients').insert({ name: 'Kept' }).select('name')).data).toEqual([
      { name: 'Kept' },
    ]);
    expect(await exists('Kept')).toBe(true);
    await committing.from('rest_clients').delete().eq('name', 'Kept');
    await txEnd('reset pgrst.db_tx_end');
  });

  it('answers CSV', async () => {
    const { data, error } = await anon.from('rest_clients').select('id, name').eq('id', 1).csv();
    expect(error).toBeNull();
    expect(data).toBe('id,name\n1,Acme');
  });

  it('refuses a token for a role the authenticator cannot switch to', async () => {
    const token = await backend.deps.keys.sign({ sub: USER, role: 'postgres' }, 3600);
    const { error, status } = await js.clientWith(token).from('rest_clients').select();
    expect(status).toBe(403);
    expect(error).toMatchObject({ code: '42501', message: 'permission denied to set role "postgres"' });
  });
});
