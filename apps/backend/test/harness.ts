// A backend for integration tests: a fresh in-memory PGlite (or DATABASE_URL's server when TEST_DATABASE_URL is
// set) with every migration applied, fresh keys, and the app called through `app.request()` without a socket.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { createApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { migrate } from '../src/db/migrate.ts';
import { pgdataFolder } from '../src/db/pglite.ts';
import { openPgliteEngine } from '../src/db/pglite-engine.ts';
import { openPostgres } from '../src/db/postgres.ts';
import type { Db } from '../src/db/types.ts';
import type { Deps } from '../src/deps.ts';
import { loadKeys } from '../src/keys.ts';
import { createMailbox } from '../src/mail/mailer.ts';
import { createStorageService } from '../src/storage/routes.ts';

export const REPO_SUPABASE_DIR = fileURLToPath(new URL('../../../supabase', import.meta.url));

export interface Harness extends Deps {
  app: ReturnType<typeof createApp>;
  /** fetch-like call into the app; adds the anon apikey unless headers name one. */
  request(pathname: string, init?: RequestInit & { apikey?: string | null }): Promise<Response>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Environment overrides (e.g. SUPABASE_DIR for a test project folder). */
  env?: Record<string, string>;
  /** Change the parsed config before the app is built (e.g. turn on e-mail confirmations). */
  configure?: (config: Config) => void;
  /** Use this database instead of a fresh one. */
  db?: Db;
}

export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamplan-test-'));
  const config = loadConfig({ SUPABASE_DIR: REPO_SUPABASE_DIR, DATA_DIR: dataDir, ...options.env });
  options.configure?.(config);
  const scratch = options.db ? undefined : await openScratchDb();
  const db = options.db ?? scratch!.db;
  try {
    await migrate(db, config.supabaseDir);
  } catch (error) {
    // Roles are shared by the whole cluster: two test files creating them at once may collide; the retry finds them.
    if ((error as { code?: string }).code !== '23505') throw error;
    await migrate(db, config.supabaseDir);
  }
  const keys = await loadKeys(config);
  const deps: Deps = { config, db, keys, mailer: createMailbox(db) };
  // Made here rather than by the app, so that closing stops its work (a pass over unused bytes) before the database.
  if (config.storage.enabled) deps.storage = await createStorageService(deps);
  const app = createApp(deps);
  return {
    ...deps,
    app,
    request(pathname, init = {}) {
      const { apikey, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (apikey !== null && !headers.has('apikey')) headers.set('apikey', apikey ?? keys.anonKey);
      return Promise.resolve(app.request(`http://127.0.0.1${pathname}`, { ...rest, headers }));
    },
    async close() {
      await deps.storage?.stop();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh database on TEST_DATABASE_URL's PostgreSQL server, for a backend that opens it by URL; without that server,
 * no URL (the backend then runs on PGlite in its data folder).
 */
export async function scratchDatabaseUrl(): Promise<{ url?: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { drop: async () => {} };
  const name = `teamplan_test_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(serverUrl, 1);
  await admin.exec(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.exec(`drop database if exists "${name}" with (force)`);
      await admin.close();
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding the cluster dumped by the run's global setup (test/global-setup.ts). */
    pristineCluster: string;
    /** The folder of that cluster, to copy into a backend's data folder. */
    pristineClusterFolder: string;
  }
}

/**
 * Whether a test run's global setup dumped a cluster to start from. The benchmarks build on this harness outside of
 * a test run; their databases are initialized from nothing.
 */
const insideTestRun = process.env.VITEST !== undefined;

/**
 * A new data folder for a backend started on it. On PGlite it already holds a copy of the run's newly initialized
 * cluster where the backend keeps its database, so the backend starts in about 2 s instead of 6; on PostgreSQL
 * (TEST_DATABASE_URL) it is empty.
 */
export function scratchDataDir(name: string): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), `teamplan-${name}-`));
  if (!process.env.TEST_DATABASE_URL && insideTestRun) {
    cpSync(inject('pristineClusterFolder'), pgdataFolder(dataDir), { recursive: true });
  }
  return dataDir;
}

let cluster: Blob | undefined;

/** The newly initialized cluster the run's global setup dumped, read once per worker. */
function pristineCluster(): Blob | undefined {
  if (!insideTestRun) return undefined;
  cluster ??= new Blob([readFileSync(inject('pristineCluster'))]);
  return cluster;
}

/** A new empty database: in-memory PGlite, or a fresh database on TEST_DATABASE_URL's PostgreSQL server. */
export async function openScratchDb(): Promise<{ db: Db; drop(): Promise<void> }> {
  const scratch = await scratchDatabaseUrl();
  if (!scratch.url) {
    const db = await openPgliteEngine(undefined, pristineCluster());
    return { db, drop: () => db.close() };
  }
  const db = await openPostgres(scratch.url, 4);
  return {
    db,
    async drop() {
      await db.close();
      await scratch.drop();
    },
  };
}
