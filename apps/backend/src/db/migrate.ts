// Applies the server's own schemas (auth, roles, grants), then the Supabase project's migrations in order, then
// seed.sql on a new database. Each file runs once, in its own transaction, under an advisory lock so replicas
// starting together do not race; what was applied is recorded where the Supabase CLI records it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './types.ts';

export const SERVER_MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));
const LOCK_KEY = 727_145_503;

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

export async function migrate(db: Db, supabaseDir: string): Promise<MigrationReport> {
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await tx.exec(BOOKKEEPING);
  });
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

  const before = await db.query('select count(*)::int as n from supabase_migrations.schema_migrations');
  const isNewDatabase = (before.rows[0] as { n: number }).n === 0;
  for (const migration of listMigrations(path.join(supabaseDir, 'migrations'))) {
    const applied = await applyOnce(
      db,
      'select 1 from supabase_migrations.schema_migrations where version = $1',
      'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
      migration.version,
      [migration.name],
      readFileSync(migration.file, 'utf8'),
    );
    if (applied) report.project.push(`${migration.version}_${migration.name}`);
  }

  const seedFile = path.join(supabaseDir, 'seed.sql');
  if (isNewDatabase && report.project.length > 0 && existsSync(seedFile)) {
    await db.transaction((tx) => tx.exec(readFileSync(seedFile, 'utf8')));
    report.seeded = true;
  }
  if (report.server.length > 0 || report.project.length > 0) {
    await db.query("select pg_notify('pgrst', 'reload schema')");
  }
  return report;
}
