// Applies the server's own schemas (auth, roles, grants), then the Supabase project's migrations in order, then
// seed.sql on a new database (with or without migrations). Each file runs once, in its own transaction, under an
// advisory lock so replicas starting together do not race; what was applied is recorded where the Supabase CLI
// records it. Project SQL runs with Supabase's search_path for the postgres role, so `uuid_generate_v4()` or
// `crypt(…, gen_salt('bf'))` resolve to the extensions schema as they do on Supabase.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './types.ts';

export const SERVER_MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));
const LOCK_KEY = 727_145_503;
/** The search_path Supabase gives the postgres role, which runs migrations and the seed there. */
const PROJECT_SEARCH_PATH = 'set local search_path = "$user", public, extensions;\n';
/** Recorded with the server's migrations once the seed has run, so replicas starting together seed once. */
const SEED_MARKER = 'project seed.sql';

const BOOKKEEPING = `
create schema if not exists _backend;
create table if not exists _backend.migrations (
  name text primary key,
  applied_at timestamptz not null default now()
);
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
`;

export interface MigrationFile {
  version: string;
  name: string;
  file: string;
}

/** `20240101000000_create_things.sql` -> version 20240101000000, name create_things (the CLI's convention). */
export function listMigrations(dir: string): MigrationFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((entry) => entry.endsWith('.sql'))
    .sort()
    .map((entry) => {
      const base = entry.slice(0, -4);
      const underscore = base.indexOf('_');
      return {
        version: underscore > 0 ? base.slice(0, underscore) : base,
        name: underscore > 0 ? base.slice(underscore + 1) : '',
        file: path.join(dir, entry),
      };
    });
}

export interface MigrationReport {
  server: string[];
  project: string[];
  seeded: boolean;
}

async function applyOnce(db: Db, isApplied: string, record: string, key: string, extra: unknown[], sql: string) {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCK_KEY]);
    const { rows } = await tx.query(isApplied, [key]);
    if (rows.length > 0) return false;
    await tx.exec(sql);
    await tx.query(record, [key, ...extra]);
    return true;
  });
}

/** A database nothing has been applied to yet: neither this server's schemas nor any project migration. */
async function isNew(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await tx.exec(BOOKKEEPING);
    const { rows } = await tx.query<{ applied: boolean }>(
      `select exists (select 1 from _backend.migrations)
           or exists (select 1 from supabase_migrations.schema_migrations) as applied`,
    );
    return !rows[0].applied;
  });
}

export async function migrate(db: Db, supabaseDir: string): Promise<MigrationReport> {
  const isNewDatabase = await isNew(db);
  const report: MigrationReport = { server: [], project: [], seeded: false };

  for (const migration of listMigrations(SERVER_MIGRATIONS_DIR)) {
    const key = path.basename(migration.file);
    const applied = await applyOnce(
      db,
      'select 1 from _backend.migrations where name = $1',
      'insert into _backend.migrations (name) values ($1)',
      key,
      [],
      readFileSync(migration.file, 'utf8'),
    );
    if (applied) report.server.push(key);
  }

  for (const migration of listMigrations(path.join(supabaseDir, 'migrations'))) {
    const applied = await applyOnce(
      db,
      'select 1 from supabase_migrations.schema_migrations where version = $1',
      'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
      migration.version,
      [migration.name],
      PROJECT_SEARCH_PATH + readFileSync(migration.file, 'utf8'),
    );
    if (applied) report.project.push(`${migration.version}_${migration.name}`);
  }

  const seedFile = path.join(supabaseDir, 'seed.sql');
  if (isNewDatabase && existsSync(seedFile)) {
    report.seeded = await applyOnce(
      db,
      'select 1 from _backend.migrations where name = $1',
      'insert into _backend.migrations (name) values ($1)',
      SEED_MARKER,
      [],
      PROJECT_SEARCH_PATH + readFileSync(seedFile, 'utf8'),
    );
  }
  if (report.server.length > 0 || report.project.length > 0) {
    await db.query("select pg_notify('pgrst', 'reload schema')");
  }
  return report;
}
