// Migrations run once, in order, are recorded where the Supabase CLI records them, and seed only a new database.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openScratchDb } from '../../test/harness.ts';
import { listMigrations, migrate } from './migrate.ts';
import type { Db } from './types.ts';

function projectFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'teamplan-migrate-'));
  mkdirSync(path.join(dir, 'migrations'));
  for (const [name, sql] of Object.entries(files)) writeFileSync(path.join(dir, name), sql);
  return dir;
}

describe('migrate', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeEach(async () => {
    ({ db, drop } = await openScratchDb());
  });
  afterEach(() => drop());

  it('applies server and project migrations in order, then the seed, once', async () => {
    const dir = projectFolder({
      'migrations/20240101000000_create_items.sql': 'create table public.items (id int primary key, label text);',
      'migrations/20240102000000_add_flag.sql': 'alter table public.items add column flag boolean default false;',
      'seed.sql': "insert into public.items (id, label) values (1, 'seeded');",
    });
    const first = await migrate(db, dir);
    expect(first.server.length).toBeGreaterThan(0);
    expect(first.project).toEqual(['20240101000000_create_items', '20240102000000_add_flag']);
    expect(first.seeded).toBe(true);

    const again = await migrate(db, dir);
    expect(again).toEqual({ server: [], project: [], seeded: false });
    const { rows } = await db.query('select id, label, flag from public.items');
    expect(rows).toEqual([{ id: 1, label: 'seeded', flag: false }]);
    const recorded = await db.query('select version, name from supabase_migrations.schema_migrations order by version');
    expect(recorded.rows).toEqual([
      { version: '20240101000000', name: 'create_items' },
      { version: '20240102000000', name: 'add_flag' },
    ]);
  });

  it('applies a migration added later without seeding again', async () => {
    const dir = projectFolder({
      'migrations/20240101000000_create_items.sql': 'create table public.items (id int primary key);',
      'seed.sql': 'insert into public.items values (1);',
    });
    await migrate(db, dir);
    writeFileSync(path.join(dir, 'migrations/20240103000000_more.sql'), 'insert into public.items values (2);');
    const later = await migrate(db, dir);
    expect(later).toMatchObject({ project: ['20240103000000_more'], seeded: false });
    const { rows } = await db.query<{ id: number }>('select id from public.items order by id');
    expect(rows.map((r) => r.id)).toEqual([1, 2]);
  });

  it('leaves nothing of a failing migration and records nothing for it', async () => {
    const dir = projectFolder({
      'migrations/20240101000000_broken.sql': 'create table public.half (id int); select no_such_function();',
    });
    await expect(migrate(db, dir)).rejects.toMatchObject({ code: '42883' });
    const table = await db.query("select to_regclass('public.half') as t");
    expect(table.rows[0]).toEqual({ t: null });
    const recorded = await db.query('select count(*)::int as n from supabase_migrations.schema_migrations');
    expect(recorded.rows[0]).toEqual({ n: 0 });
  });

  it('seeds a new database that has no migrations', async () => {
    const dir = projectFolder({
      'seed.sql': "create table public.notes (body text); insert into public.notes values ('seeded');",
    });
    const first = await migrate(db, dir);
    expect(first).toMatchObject({ project: [], seeded: true });
    expect((await db.query('select body from public.notes')).rows).toEqual([{ body: 'seeded' }]);
    expect(await migrate(db, dir)).toEqual({ server: [], project: [], seeded: false });
    expect((await db.query('select count(*)::int as n from public.notes')).rows).toEqual([{ n: 1 }]);
  });

  it("runs migrations and the seed with the extensions schema on the search_path, as Supabase's postgres role", async () => {
    const dir = projectFolder({
      'migrations/20240101000000_accounts.sql': `
        create table public.accounts (id uuid primary key default uuid_generate_v4(), secret text not null);`,
      'seed.sql': "insert into public.accounts (secret) values (crypt('s3cret', gen_salt('bf')));",
    });
    await migrate(db, dir);
    const { rows } = await db.query<{ matches: boolean; id: string }>(
      "select id::text, secret = extensions.crypt('s3cret', secret) as matches from public.accounts",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].matches).toBe(true);
    expect(rows[0].id).toMatch(/^[0-9a-f-]{36}$/);
    // Only the project's SQL runs so: the server's own statements keep their search_path.
    const { rows: path } = await db.query<{ search_path: string }>('show search_path');
    expect(path[0].search_path).not.toContain('extensions');
  });

  it('provides what a Supabase migration relies on: roles, auth functions, extensions', async () => {
    await migrate(db, projectFolder({}));
    const { rows } = await db.query(
      `select (select count(*)::int from pg_roles where rolname in ('anon','authenticated','service_role','authenticator')) as roles,
              to_regprocedure('auth.uid()') is not null as uid,
              to_regprocedure('auth.jwt()') is not null as jwt,
              to_regprocedure('extensions.gen_random_bytes(integer)') is not null as pgcrypto,
              to_regprocedure('extensions.uuid_generate_v4()') is not null as uuid_ossp`,
    );
    expect(rows[0]).toEqual({ roles: 4, uid: true, jwt: true, pgcrypto: true, uuid_ossp: true });
  });
});

describe('listMigrations', () => {
  it("splits the CLI's file names into version and name, sorted", () => {
    const dir = projectFolder({ 'migrations/2_b.sql': '', 'migrations/1_a_b.sql': '', 'migrations/notes.txt': '' });
    expect(listMigrations(path.join(dir, 'migrations')).map(({ version, name }) => ({ version, name }))).toEqual([
      { version: '1', name: 'a_b' },
      { version: '2', name: 'b' },
    ]);
  });
});
