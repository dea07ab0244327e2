// A real listening backend with its own database and supabase-js clients, for tests that call the data service as
// an application does: on PGlite in a scratch data folder, or on a fresh database of TEST_DATABASE_URL's server.
import { rmSync } from 'node:fs';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createNodeClient } from '@teamplan/supabase-node';
import { loadConfig } from '../../src/config.ts';
import { startBackend, type Backend } from '../../src/server.ts';
import { REPO_SUPABASE_DIR, scratchDatabaseUrl, scratchDataDir } from '../harness.ts';

export interface JsBackend {
  backend: Backend;
  /** A client with the anon key and no user. */
  anon: SupabaseClient;
  /** A client calling with this bearer token. */
  clientWith(token: string): SupabaseClient;
  stop(): Promise<void>;
}

/** Starts a backend, runs `sql` on its database, and builds the clients. */
export async function startJsBackend(sql: string): Promise<JsBackend> {
  const dataDir = scratchDataDir('rest-js');
  const database = await scratchDatabaseUrl();
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
