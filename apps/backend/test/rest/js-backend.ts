// A real listening backend with its own database and supabase-js clients, for tests that call the data service as
// an application does: on PGlite in a scratch data folder, or on a fresh database of TEST_DATABASE_URL's server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createNodeClient } from '@teamplan/supabase-node';
import { loadConfig } from '../../src/config.ts';
import { openPostgres } from '../../src/db/postgres.ts';
import { startBackend, type Backend } from '../../src/server.ts';
import { REPO_SUPABASE_DIR } from '../harness.ts';

export interface JsBackend {
  backend: Backend;
  /** A client with the anon key and no user. */
  anon: SupabaseClient;
  /** A client calling with this bearer token. */
  clientWith(token: string): SupabaseClient;
  stop(): Promise<void>;
}

/** A fresh database on TEST_DATABASE_URL's server, or undefined to run on PGlite in the data folder. */
async function scratchDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return { drop: async () => {} };
  const name = `teamplan_rest_js_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = await openPostgres(server, 1);
  await admin.exec(`create database "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.exec(`drop database if exists "${name}" with (force)`);
      await admin.close();
    },
  };
}

/** Starts a backend, runs `sql` on its database, and builds the clients. */
export async function startJsBackend(sql: string): Promise<JsBackend> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamplan-rest-js-'));
  const database = await scratchDatabase();
  const backend = await startBackend(
    loadConfig({
      BACKEND_PORT: '0',
      DATA_DIR: dataDir,
      SUPABASE_DIR: REPO_SUPABASE_DIR,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    }),
  );
  await backend.deps.db.exec(sql);
  return {
    backend,
    anon: createNodeClient(backend.url, backend.deps.keys.anonKey),
    clientWith: (token) =>
      createNodeClient(backend.url, backend.deps.keys.anonKey, {
        global: { headers: { Authorization: `Bearer ${token}` } },
      }),
    async stop() {
      await backend.stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
