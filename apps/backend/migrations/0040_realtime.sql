-- Realtime as on Supabase: the realtime schema with realtime.messages (whose row level security authorizes private
-- channels), realtime.topic(), realtime.send() and realtime.broadcast_changes() for triggers, and the
-- supabase_realtime publication whose tables stream their changes to subscribers.
--
-- Changes are captured by a row trigger (realtime.capture) on each table of the publication, kept in step with it
-- by realtime.sync_capture(); the trigger announces each committed change with NOTIFY, which every backend process
-- of the database listens to. See docs/decisions/0012-realtime.md.

create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

create table if not exists realtime.messages (
  id uuid not null default gen_random_uuid(),
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  primary key (id, inserted_at)
);
create index if not exists messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;

-- Messages larger than a NOTIFY payload travel through this table; the NOTIFY then names the row.
create unlogged table if not exists realtime.relay (
  id bigint generated always as identity primary key,
  body text not null,
  created_at timestamptz not null default now()
);

-- The sub-topic of the channel being authorized, for the policies of realtime.messages.
create or replace function realtime.topic() returns text
language sql stable
as $$ select nullif(current_setting('realtime.topic', true), '') $$;
grant execute on function realtime.topic() to anon, authenticated, service_role;

-- Hands a message to the backend processes listening on `channel`; a large one goes through realtime.relay.
create or replace function realtime.announce(channel text, body text) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  relay_id bigint;
begin
  if octet_length(body) < 7900 then
    perform pg_notify(channel, body);
  else
    insert into realtime.relay (body) values (body) returning id into relay_id;
    perform pg_notify(channel, '#' || relay_id::text);
  end if;
end
$$;
-- Anyone who may NOTIFY could announce as well; the relay table is what needs the definer's rights.

-- A broadcast from the database to the channels of `topic`; kept in realtime.messages as Supabase keeps it.
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql security definer set search_path = ''
as $$
begin
  insert into realtime.messages (payload, event, topic, private, extension)
  values (payload, event, topic, private, 'broadcast');
  perform realtime.announce(
    'realtime_bus',
    jsonb_build_object(
      'k', 'b', 'o', 'db', 't', case when private then 'private:' else 'public:' end || topic,
      'p', jsonb_build_object('type', 'broadcast', 'event', event, 'payload', payload)
    )::text
  );
end
$$;
grant execute on function realtime.send(jsonb, text, text, boolean) to anon, authenticated, service_role;

-- For a trigger: broadcasts the change of a row to a private topic, as Supabase's function of the same name.
create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW'
) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  row_data jsonb;
begin
  row_data := jsonb_build_object(
    'schema', table_schema, 'table', table_name, 'operation', operation,
    'record', case when new is null then null else to_jsonb(new) end,
    'old_record', case when old is null then null else to_jsonb(old) end
  );
  perform realtime.send(row_data, event_name, topic_name, true);
end
$$;
grant execute on function realtime.broadcast_changes(text, text, text, text, text, record, record, text)
  to anon, authenticated, service_role;

-- The change of one row, as the backend needs it to deliver postgres_changes. tg_argv: 'full', 'nothing', or
-- 'columns' followed by the replica identity's columns, which is what the old row may show. It runs as the writer
-- (no security definer, no SET clause: each costs a context switch on every row written) and notifies directly;
-- only a change too large for a NOTIFY goes through realtime.announce and its relay table.
create or replace function realtime.capture() returns trigger
language plpgsql
as $$
declare
  old_row jsonb;
  body text;
begin
  if tg_op <> 'INSERT' then
    if tg_argv[0] = 'full' then
      old_row := to_jsonb(old);
    elsif tg_argv[0] = 'nothing' then
      old_row := '{}'::jsonb;
    else
      select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) into old_row
      from jsonb_each(to_jsonb(old))
      where key = any(tg_argv[1:]);
    end if;
  end if;
  body := jsonb_build_object(
    'schema', tg_table_schema, 'table', tg_table_name, 'type', tg_op,
    'commit_timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'record', case when tg_op = 'DELETE' then null else to_jsonb(new) end,
    'old_record', old_row
  )::text;
  if octet_length(body) < 7900 then
    perform pg_notify('realtime_changes', body);
  else
    perform realtime.announce('realtime_changes', body);
  end if;
  return null;
end
$$;

-- Puts the capture trigger on every table of the publication (with its current replica identity) and takes it off
-- tables that left it. Run by the backend at start and before postgres_changes subscriptions, and on PostgreSQL by
-- an event trigger after ALTER PUBLICATION.
create or replace function realtime.sync_capture() returns void
language plpgsql security definer set search_path = ''
as $$
declare
  t record;
  wanted text[];
  present bytea;
begin
  for t in
    select c.oid, n.nspname, c.relname, c.relreplident
    from pg_catalog.pg_publication_tables p
    join pg_catalog.pg_namespace n on n.nspname = p.schemaname
    join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
    where p.pubname = 'supabase_realtime' and c.relkind = 'r'
  loop
    wanted := case t.relreplident
      when 'f' then array['full']
      when 'n' then array['nothing']
      else array['columns'] || coalesce((
        select array_agg(a.attname::text order by a.attnum)
        from pg_catalog.pg_index i
        join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = t.oid
          and case when t.relreplident = 'i' then i.indisreplident else i.indisprimary end
      ), '{}')
    end;
    select tg.tgargs into present from pg_catalog.pg_trigger tg
    where tg.tgrelid = t.oid and tg.tgname = 'realtime_capture';
    if present is distinct from (
      select string_agg(convert_to(w, 'UTF8') || '\x00'::bytea, ''::bytea) from unnest(wanted) w
    ) then
      execute format('drop trigger if exists realtime_capture on %I.%I', t.nspname, t.relname);
      execute format(
        'create trigger realtime_capture after insert or update or delete on %I.%I '
        'for each row execute function realtime.capture(%s)',
        t.nspname, t.relname, (select string_agg(quote_literal(w), ', ') from unnest(wanted) w)
      );
    end if;
  end loop;
  for t in
    select n.nspname, c.relname
    from pg_catalog.pg_trigger tg
    join pg_catalog.pg_class c on c.oid = tg.tgrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where tg.tgname = 'realtime_capture'
      and not exists (
        select 1 from pg_catalog.pg_publication_tables p
        where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname
      )
  loop
    execute format('drop trigger if exists realtime_capture on %I.%I', t.nspname, t.relname);
  end loop;
end
$$;
revoke all on function realtime.sync_capture() from public;

do $$
begin
  if not exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

create or replace function realtime.sync_capture_after_ddl() returns event_trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform realtime.sync_capture();
exception when others then
  -- The DDL that fired this must not fail because of realtime; the backend syncs again before its next join.
  raise warning 'realtime capture could not be synced: %', sqlerrm;
end
$$;

-- Event triggers need a superuser and do not fire in PGlite's single-user mode; there the backend syncs instead.
do $$
begin
  if not exists (select 1 from pg_catalog.pg_event_trigger where evtname = 'realtime_sync_capture') then
    create event trigger realtime_sync_capture on ddl_command_end
      when tag in ('ALTER PUBLICATION', 'CREATE PUBLICATION', 'ALTER TABLE', 'DROP PUBLICATION')
      execute function realtime.sync_capture_after_ddl();
  end if;
exception when insufficient_privilege then
  null;
end
$$;
