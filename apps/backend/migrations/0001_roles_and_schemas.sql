-- The roles, schemas and grants a Supabase database starts with, so migrations written for Supabase run unchanged.
-- Idempotent: on a PostgreSQL cluster that already has these roles (another database, a real Supabase) it only
-- adds what is missing.

-- Roles belong to the whole cluster, so two databases of one server migrating at once can both find a role missing;
-- the one that loses the race takes the other's role as its own.
do $$
declare
  wanted text[][] := array[
    ['anon', 'nologin noinherit'],
    ['authenticated', 'nologin noinherit'],
    ['service_role', 'nologin noinherit bypassrls'],
    ['authenticator', 'noinherit nologin']
  ];
begin
  for i in 1 .. array_length(wanted, 1) loop
    if not exists (select 1 from pg_roles where rolname = wanted[i][1]) then
      begin
        execute format('create role %I %s', wanted[i][1], wanted[i][2]);
      exception when duplicate_object or unique_violation then
        null;
      end;
    end if;
  end loop;
  begin
    grant anon, authenticated, service_role to authenticator;
  exception when unique_violation then
    null;
  end;
end
$$;

create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;
grant usage on schema extensions to anon, authenticated, service_role;

-- What the API roles may do in public is decided by grants here and by row level security in each table.
grant usage on schema public to anon, authenticated, service_role;
grant all on all tables in schema public to anon, authenticated, service_role;
grant all on all sequences in schema public to anon, authenticated, service_role;
grant all on all functions in schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
