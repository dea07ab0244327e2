// Private channels through supabase-js: joins authorized by the SELECT policies of realtime.messages, sends by its
// INSERT policies (realtime.topic() naming the channel), and broadcasts from the database (realtime.send,
// realtime.broadcast_changes in a trigger).
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

let rb: RealtimeBackend;
let reader: string;
let writer: string;

beforeAll(async () => {
  rb = await startRealtimeBackend();
  const { db, keys } = rb.backend.deps;
  await db.exec(`
    create policy "team members read" on realtime.messages for select to authenticated
      using (realtime.topic() = 'team-' || (auth.jwt() ->> 'team'));
    create policy "team writers send" on realtime.messages for insert to authenticated
      with check (realtime.topic() = 'team-' || (auth.jwt() ->> 'team') and (auth.jwt() ->> 'writer') = 'yes');
    create table public.tasks (id int primary key, title text);
    create function public.announce_task() returns trigger language plpgsql security definer as $$
    begin
      perform realtime.broadcast_changes('team-a', tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
      return null;
    end $$;
    create trigger announce_task after insert or update or delete on public.tasks
      for each row execute function public.announce_task();
  `);
  reader = await keys.sign({ role: 'authenticated', sub: crypto.randomUUID(), team: 'a' }, 3600);
  writer = await keys.sign({ role: 'authenticated', sub: crypto.randomUUID(), team: 'a', writer: 'yes' }, 3600);
}, STARTUP_MS);
afterAll(() => rb.stop());

async function join(vsn: Vsn, token: string | undefined, topic: string, isPrivate = true) {
  const client = rb.client(vsn);
  if (token) await client.realtime.setAuth(token);
  const inbox = new Inbox<{ event: string; payload: unknown }>();
  const channel = client
    .channel(topic, { config: { private: isPrivate, broadcast: { ack: true } } })
    .on('broadcast', { event: '*' }, inbox.push);
  return { client, channel, inbox, ready: subscribed(channel) };
}

describe.each(['1.0.0', '2.0.0'] as Vsn[])('private channels on vsn %s', (vsn) => {
  it('lets in who the SELECT policies let read the topic, and refuses the others', async () => {
    await (
      await join(vsn, reader, 'team-a')
    ).ready;
    await expect((await join(vsn, reader, 'team-b')).ready).rejects.toThrow(
      'Unauthorized: You do not have permissions to read from this Channel topic: team-b',
    );
    await expect((await join(vsn, undefined, 'team-a')).ready).rejects.toThrow(/Unauthorized/);
    const unknownRole = await rb.backend.deps.keys.sign({ role: 'no_such_role', team: 'a' }, 3600);
    await expect((await join(vsn, unknownRole, 'team-a')).ready).rejects.toThrow(/Unauthorized/);
  });

  it('delivers what the INSERT policies let a member send, and drops the rest', async () => {
    const listener = await join(vsn, reader, 'team-a');
    const sender = await join(vsn, writer, 'team-a');
    const silent = await join(vsn, reader, 'team-a');
    await Promise.all([listener.ready, sender.ready, silent.ready]);
    expect(await sender.channel.send({ type: 'broadcast', event: 'note', payload: { from: 'writer' } })).toBe('ok');
    // A member without the INSERT policy is answered with an error (the channel asked for acknowledgements), and
    // nothing goes out.
    expect(
      await silent.channel.send({ type: 'broadcast', event: 'note', payload: { from: 'reader' } }, { timeout: 2000 }),
    ).toBe('error');
    await listener.inbox.next(1);
    await sleep(200);
    expect(listener.inbox.items.map((m) => m.payload)).toEqual([{ from: 'writer' }]);
  });

  it('sends over HTTP to a private channel only with the INSERT policy', async () => {
    const listener = await join(vsn, reader, 'team-a');
    await listener.ready;
    const sender = await join(vsn, writer, 'team-a');
    expect(await sender.channel.httpSend('over-http', { ok: true })).toEqual({ success: true });
    const refused = await join(vsn, reader, 'team-a');
    // Realtime's answer: 403 with the message Unauthorized, which httpSend rejects with.
    await expect(refused.channel.httpSend('over-http', { ok: false })).rejects.toThrow(/^Unauthorized$/);
    await listener.inbox.next(1);
    await sleep(100);
    expect(listener.inbox.items.map((m) => m.payload)).toEqual([{ ok: true }]);
  });

  it('receives realtime.send and realtime.broadcast_changes from the database, on the private topic only', async () => {
    const privateListener = await join(vsn, reader, 'team-a');
    const publicListener = await join(vsn, reader, 'team-a', false);
    await Promise.all([privateListener.ready, publicListener.ready]);
    const { db } = rb.backend.deps;
    await db.query(`select realtime.send('{"hello": "team"}'::jsonb, 'greeting', 'team-a', true)`);
    const id = Math.floor(Math.random() * 1e6);
    await db.query('insert into public.tasks (id, title) values ($1, $2)', [id, 'Plan']);
    const [greeting, insert] = await privateListener.inbox.next(2);
    expect(greeting).toMatchObject({ event: 'greeting', payload: { hello: 'team' } });
    expect(insert).toMatchObject({
      event: 'INSERT',
      payload: {
        operation: 'INSERT',
        table: 'tasks',
        schema: 'public',
        record: { id, title: 'Plan' },
        old_record: null,
      },
    });
    await sleep(100);
    expect(publicListener.inbox.items).toEqual([]);
  });
});
