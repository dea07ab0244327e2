// postgres_changes through supabase-js: INSERT, UPDATE, DELETE and * on published tables, with filters, each
// change delivered only to subscribers whose role and claims may SELECT the row under row level security.
import { randomUUID } from 'node:crypto';
import { postgresChangesFilter } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Inbox,
  sleep,
  startRealtimeBackend,
  subscribed,
  type RealtimeBackend,
  type Vsn,
  STARTUP_MS,
} from './backend.ts';

interface Payload {
  schema: string;
  table: string;
  commit_timestamp: string | null;
  eventType: string;
  new: Record<string, unknown>;
  old: Record<string, unknown>;
  errors: string[] | null;
}

let rb: RealtimeBackend;
const ada = randomUUID();
const bob = randomUUID();
let adaToken: string;
let bobToken: string;

beforeAll(async () => {
  rb = await startRealtimeBackend();
  const { db, keys } = rb.backend.deps;
  await db.exec(`
    create table public.notes (id bigint generated always as identity primary key, owner uuid not null,
      status text not null default 'open', n int not null default 0, body text);
    alter table public.notes enable row level security;
    create policy "own notes" on public.notes for select to authenticated using (owner = auth.uid());
    create table public.tags (id int primary key, label text);
    alter table public.tags replica identity full;
    create table public.hidden (id int primary key);
    create table public.fragile (id int primary key, body text);
    alter table public.fragile enable row level security;
    create policy "fails for some" on public.fragile for select
      using (1 / (case when auth.jwt() ->> 'fails' = 'yes' then 0 else 1 end) = 1);
    revoke select on public.fragile from anon;
    alter publication supabase_realtime add table public.notes, public.tags, public.fragile;
  `);
  adaToken = await keys.sign({ role: 'authenticated', sub: ada, aud: 'authenticated' }, 3600);
  bobToken = await keys.sign({ role: 'authenticated', sub: bob, aud: 'authenticated' }, 3600);
}, STARTUP_MS);
afterAll(() => rb.stop());

function subscriber(vsn: Vsn, token: string | undefined, filter: Record<string, string>) {
  const client = rb.client(vsn);
  const inbox = new Inbox<Payload>();
  const channel = client
    .channel(`changes-${randomUUID()}`)
    .on('postgres_changes', filter as never, (payload: Payload) => inbox.push(payload));
  const ready = (token ? client.realtime.setAuth(token) : Promise.resolve()).then(() => subscribed(channel));
  return { inbox, ready };
}

const insertNote = (owner: string, fields: { status?: string; n?: number; body?: string } = {}) =>
  rb.backend.deps.db.query<{ id: string }>(
    'insert into public.notes (owner, status, n, body) values ($1, $2, $3, $4) returning id',
    [owner, fields.status ?? 'open', fields.n ?? 0, fields.body ?? null],
  );

describe.each(['1.0.0', '2.0.0'] as Vsn[])('postgres_changes on vsn %s', (vsn) => {
  it('delivers each inserted row only to the subscribers who may select it', async () => {
    const a = subscriber(vsn, adaToken, { event: 'INSERT', schema: 'public', table: 'notes' });
    const b = subscriber(vsn, bobToken, { event: 'INSERT', schema: 'public', table: 'notes' });
    const anon = subscriber(vsn, undefined, { event: '*', schema: 'public', table: 'notes' });
    await Promise.all([a.ready, b.ready, anon.ready]);
    await insertNote(ada, { body: 'for ada' });
    await insertNote(bob, { body: 'for bob' });
    await insertNote(ada, { body: 'ada again' });
    const adaSaw = await a.inbox.next(2);
    const bobSaw = await b.inbox.next(1);
    await sleep(200);
    expect(adaSaw.map((p) => p.new.body)).toEqual(['for ada', 'ada again']);
    expect(bobSaw.map((p) => p.new.body)).toEqual(['for bob']);
    expect(anon.inbox.items).toEqual([]);
    expect(adaSaw[0]).toMatchObject({ schema: 'public', table: 'notes', eventType: 'INSERT', old: {} });
    expect(typeof adaSaw[0]!.commit_timestamp).toBe('string');
  });

  it('applies the filters eq, neq, lt, lte, gt, gte and in', async () => {
    const cases: Array<[string, number[]]> = [
      ['n=eq.2', [2]],
      ['n=neq.2', [1, 3]],
      ['n=lt.2', [1]],
      ['n=lte.2', [1, 2]],
      ['n=gt.2', [3]],
      ['n=gte.2', [2, 3]],
      ['n=in.(1,3)', [1, 3]],
      ['status=eq.done', [3]],
    ];
    const subscribers = cases.map(([filter]) =>
      subscriber(vsn, adaToken, { event: 'INSERT', schema: 'public', table: 'notes', filter }),
    );
    await Promise.all(subscribers.map((s) => s.ready));
    await insertNote(ada, { n: 1 });
    await insertNote(ada, { n: 2 });
    await insertNote(ada, { n: 3, status: 'done' });
    for (const [i, [, expected]] of cases.entries()) {
      const seen = await subscribers[i]!.inbox.next(expected.length);
      await sleep(i === 0 ? 200 : 0);
      expect(
        seen.map((p) => p.new.n),
        cases[i]![0],
      ).toEqual(expected);
    }
  });

  it('sends updates and deletes with the old row as the replica identity allows', async () => {
    const s = subscriber(vsn, undefined, { event: '*', schema: 'public', table: 'tags' });
    await s.ready;
    const { db } = rb.backend.deps;
    const id = Math.floor(Math.random() * 1e6);
    await db.query('insert into public.tags (id, label) values ($1, $2)', [id, 'one']);
    await db.query('update public.tags set label = $2 where id = $1', [id, 'two']);
    await db.query('delete from public.tags where id = $1', [id]);
    const [insert, update, remove] = await s.inbox.next(3);
    expect(insert).toMatchObject({ eventType: 'INSERT', new: { id, label: 'one' } });
    expect(update).toMatchObject({ eventType: 'UPDATE', new: { id, label: 'two' }, old: { id, label: 'one' } });
    expect(remove).toMatchObject({ eventType: 'DELETE', old: { id, label: 'two' }, new: {} });
  });

  it('shows only the primary key of a deleted row under row level security', async () => {
    const s = subscriber(vsn, adaToken, { event: 'DELETE', schema: 'public', table: 'notes' });
    await s.ready;
    const { rows } = await insertNote(ada, { body: 'secret' });
    await rb.backend.deps.db.query('delete from public.notes where id = $1', [rows[0]!.id]);
    const [removed] = await s.inbox.next(1);
    expect(removed!.old).toEqual({ id: Number(rows[0]!.id) });
  });
});

it('checks many subscribers of one change each as themselves', async () => {
  // More identities than one statement checks: each must get its own rows and no one else's.
  const { db, keys } = rb.backend.deps;
  const owners = Array.from({ length: 18 }, () => randomUUID());
  const tokens = await Promise.all(
    owners.map((sub) => keys.sign({ role: 'authenticated', sub, aud: 'authenticated' }, 3600)),
  );
  const subscribers = tokens.map((token) =>
    subscriber('2.0.0', token, { event: 'INSERT', schema: 'public', table: 'notes' }),
  );
  await Promise.all(subscribers.map((s) => s.ready));
  await db.query(
    'insert into public.notes (owner, body) select owner::uuid, owner from jsonb_array_elements_text($1::jsonb) as owner',
    [JSON.stringify(owners)],
  );
  for (const [i, s] of subscribers.entries()) {
    const [seen] = await s.inbox.next(1);
    expect(seen!.new.body).toBe(owners[i]);
  }
  await sleep(200);
  for (const s of subscribers) expect(s.inbox.items).toHaveLength(1);
});

it('keeps a subscriber whose check fails, or who may not read the table, from holding up the others', async () => {
  const failing = await rb.backend.deps.keys.sign(
    { role: 'authenticated', sub: randomUUID(), aud: 'authenticated', fails: 'yes' },
    3600,
  );
  const filter = { event: 'INSERT', schema: 'public', table: 'fragile' };
  const reader = subscriber('2.0.0', adaToken, filter);
  const broken = subscriber('2.0.0', failing, filter);
  const anon = subscriber('2.0.0', undefined, filter);
  await Promise.all([reader.ready, broken.ready, anon.ready]);
  const { db } = rb.backend.deps;
  // In one statement, so that all three are checked together.
  await db.query("insert into public.fragile (id, body) values (1, 'one'), (2, 'two')");
  const seen = await reader.inbox.next(2);
  await sleep(300);
  expect(seen.map((p) => p.new.body)).toEqual(['one', 'two']);
  expect(broken.inbox.items).toEqual([]);
  // A role that may not select the table is told of each insert by an error, as Realtime tells it, without the row.
  expect(anon.inbox.items.map(({ new: row, errors }) => ({ row, errors }))).toEqual([
    { row: {}, errors: ['Error 401: Unauthorized'] },
    { row: {}, errors: ['Error 401: Unauthorized'] },
  ]);
});

it('shows each subscriber only the columns its role may select', async () => {
  const { db } = rb.backend.deps;
  await db.exec(`
    create table public.partial (id int primary key, label text, secret text);
    alter table public.partial replica identity full;
    revoke select on public.partial from anon, authenticated;
    grant select (id, label) on public.partial to authenticated;
    alter publication supabase_realtime add table public.partial;
  `);
  const s = subscriber('2.0.0', adaToken, { event: '*', schema: 'public', table: 'partial' });
  await s.ready;
  await db.query("insert into public.partial values (1, 'one', 'hidden')");
  await db.query("update public.partial set label = 'two', secret = 'still hidden' where id = 1");
  await db.query('delete from public.partial where id = 1');
  const seen = await s.inbox.next(3);
  expect(seen.map(({ eventType, new: row, old }) => ({ eventType, row, old }))).toEqual([
    { eventType: 'INSERT', row: { id: 1, label: 'one' }, old: {} },
    { eventType: 'UPDATE', row: { id: 1, label: 'two' }, old: { id: 1, label: 'one' } },
    { eventType: 'DELETE', row: {}, old: { id: 1, label: 'two' } },
  ]);
});

it('delivers a change committed together with changes of a table nobody follows', async () => {
  const { db } = rb.backend.deps;
  await db.exec(`
    create table public.unwatched (id int primary key);
    create table public.watched (id int primary key, label text);
    alter publication supabase_realtime add table public.unwatched, public.watched;
  `);
  const s = subscriber('2.0.0', undefined, { event: 'INSERT', schema: 'public', table: 'watched' });
  await s.ready;
  // The first change keeps the process busy checking it; the next two arrive meanwhile and are handled together.
  await db.query("insert into public.watched values (1, 'first')");
  await db.transaction(async (tx) => {
    await tx.query('insert into public.unwatched values (1)');
    await tx.query("insert into public.watched values (2, 'with the other')");
  });
  const seen = await s.inbox.next(2);
  expect(seen.map((change) => change.new.label)).toEqual(['first', 'with the other']);
});

it('keeps the visibility check, which switches roles, to the backend: no API role may call it', async () => {
  const { db } = rb.backend.deps;
  for (const role of ['anon', 'authenticated', 'service_role']) {
    const call = db.transaction(async (tx) => {
      await tx.query("select set_config('role', $1, true)", [role]);
      await tx.query("select * from _backend.realtime_visible('select null::jsonb as k', '[]', '[]')");
    });
    await expect(call, role).rejects.toMatchObject({ code: '42501' });
  }
});

it('refuses the changes of a table outside the publication with a system message, until it is added', async () => {
  const client = rb.client();
  const system = new Inbox<{ extension: string; status: string; message: string }>();
  const refused = client
    .channel('unpublished')
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'hidden', filter: 'id=gt.0' }, () => {})
    .on('system', {}, system.push);
  await subscribed(refused);
  const [message] = await system.next(1);
  expect(message).toMatchObject({
    extension: 'postgres_changes',
    status: 'error',
    message:
      'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given ' +
      'connect parameters: [event: INSERT, schema: public, table: hidden, filters: [{"id", "gt", "0", false}], select: nil]',
  });
  const s = subscriber('2.0.0', undefined, { event: 'INSERT', schema: 'public', table: 'hidden' });
  await s.ready;
  const { db } = rb.backend.deps;
  await db.query('insert into public.hidden values (1)');
  await sleep(300);
  expect(s.inbox.items).toEqual([]);
  await db.exec('alter publication supabase_realtime add table public.hidden');
  const again = subscriber('2.0.0', undefined, { event: 'INSERT', schema: 'public', table: 'hidden' });
  await again.ready;
  await db.query('insert into public.hidden values (2)');
  const [change] = await again.inbox.next(1);
  expect(change!.new).toEqual({ id: 2 });
});

it("applies the filters realtime-js's filter builder writes: like, ilike, is, not, several, quoted values", async () => {
  const filter = postgresChangesFilter;
  const cases: Array<[string, Array<string | null>]> = [
    [filter().like('body', 'to do%').build(), ['to do: call', 'to do, later']],
    // A comma in a value is quoted by the builder, and stays part of the value.
    [filter().ilike('body', 'TO DO,%').build(), ['to do, later']],
    [filter().like('body', '%do%c_l%').build(), ['to do: call']],
    [filter().not('n', 'eq', 20).build(), ['to do: call', null]],
    [filter().is('body', null).build(), [null]],
    [filter().not('body', 'is', null).build(), ['to do: call', 'to do, later']],
    [filter().gt('n', 10).lt('n', 30).build(), ['to do, later']],
    [filter().in('body', ['to do, later', 'elsewhere']).build(), ['to do, later']],
    ['', ['to do: call', 'to do, later', null]],
  ];
  const subscribers = cases.map(([text]) =>
    subscriber('2.0.0', adaToken, { event: 'INSERT', schema: 'public', table: 'notes', filter: text }),
  );
  await Promise.all(subscribers.map((s) => s.ready));
  await insertNote(ada, { n: 10, body: 'to do: call' });
  await insertNote(ada, { n: 20, body: 'to do, later' });
  await insertNote(ada, { n: 30 });
  for (const [i, [text, expected]] of cases.entries()) {
    const seen = await subscribers[i]!.inbox.next(expected.length);
    await sleep(i === 0 ? 300 : 0);
    expect(
      seen.map((p) => p.new.body),
      text,
    ).toEqual(expected);
  }
});

it('joins a channel whose filter cannot be read without its changes, and says why in a system message', async () => {
  const client = rb.client();
  await client.realtime.setAuth(adaToken);
  const changes = new Inbox();
  const system = new Inbox<{ extension: string; status: string; message: string; channel: string }>();
  const channel = client
    .channel('unreadable-filter')
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'notes', filter: 'n=about.3' }, changes.push)
    .on('system', {}, system.push);
  await subscribed(channel);
  const [message] = await system.next(1);
  expect(message).toEqual({
    extension: 'postgres_changes',
    status: 'error',
    message: 'Error parsing `filter` params: ["about", "3"]',
    channel: 'unreadable-filter',
  });
  await insertNote(ada, { n: 3 });
  await sleep(300);
  expect(changes.items).toEqual([]);
});

it('refuses a regular expression filter, which a client could write to hold the backend up', async () => {
  const client = rb.client();
  await client.realtime.setAuth(adaToken);
  const system = new Inbox<{ status: string; message: string }>();
  const filter = postgresChangesFilter().match('body', '^(a+)+$').build();
  const channel = client
    .channel('regex-filter')
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'notes', filter }, () => {})
    .on('system', {}, system.push);
  await subscribed(channel);
  const [message] = await system.next(1);
  expect(message!.status).toBe('error');
  expect(message!.message).toMatch(/^Error parsing `filter` params: \["match", /);
});

it('sends the inserts and updates of a table without a primary key as an error without the row, whatever the filter', async () => {
  const { db } = rb.backend.deps;
  await db.exec(`
    create table public.keyless (label text);
    alter table public.keyless replica identity full;
    alter publication supabase_realtime add table public.keyless;
  `);
  const filtered = subscriber('2.0.0', undefined, {
    event: '*',
    schema: 'public',
    table: 'keyless',
    filter: 'label=eq.other',
  });
  await filtered.ready;
  await db.query("insert into public.keyless values ('first')");
  await db.query("update public.keyless set label = 'second'");
  const seen = await filtered.inbox.next(2);
  expect(seen.map(({ eventType, new: row, old, errors }) => ({ eventType, row, old, errors }))).toEqual([
    { eventType: 'INSERT', row: {}, old: {}, errors: ['Error 400: Bad Request, no primary key'] },
    { eventType: 'UPDATE', row: {}, old: {}, errors: ['Error 400: Bad Request, no primary key'] },
  ]);
  expect(seen[0]!.commit_timestamp).toBeNull();
});
