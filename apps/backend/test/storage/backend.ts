// A listening backend for the storage tests: the fixture project (buckets in config.toml, policies in a migration),
// on PGlite in a scratch data folder or on a fresh database of TEST_DATABASE_URL's server, with supabase-js clients
// for the service role, anon, and people who signed up.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createNodeClient } from '@teamplan/supabase-node';
import { loadConfig } from '../../src/config.ts';
import { startBackend, type Backend } from '../../src/server.ts';
import { scratchDatabaseUrl, scratchDataDir } from '../harness.ts';

export const PROJECT = fileURLToPath(new URL('./fixtures/supabase', import.meta.url));

export interface StorageBackend {
  backend: Backend;
  url: string;
  dataDir: string;
  service: SupabaseClient;
  anon: SupabaseClient;
  /** A new person, signed up and signed in, with their client and id. */
  person(): Promise<{ client: SupabaseClient; id: string }>;
  /** Stops the backend as a crash would leave things (same data folder and database) and starts it again. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

let people = 0;

export async function startStorageBackend(env: Record<string, string> = {}): Promise<StorageBackend> {
  const dataDir = scratchDataDir('storage');
  const database = await scratchDatabaseUrl();
  const start = () =>
    startBackend(
      loadConfig({
        BACKEND_PORT: '0',
        DATA_DIR: dataDir,
        SUPABASE_DIR: PROJECT,
        ...(database.url ? { DATABASE_URL: database.url } : {}),
        ...env,
      }),
    );
  const backend = await start();
  const keys = backend.deps.keys;
  const result: StorageBackend = {
    backend,
    url: backend.url,
    dataDir,
    service: createNodeClient(backend.url, keys.serviceRoleKey),
    anon: createNodeClient(backend.url, keys.anonKey),
    async person() {
      const client = createNodeClient(result.url, keys.anonKey);
      const email = `person${++people}-${Date.now()}@example.com`;
      const { data, error } = await client.auth.signUp({ email, password: 'correct horse battery staple' });
      if (error || !data.user) throw error ?? new Error('no user');
      return { client, id: data.user.id };
    },
    async restart() {
      await result.backend.stop();
      result.backend = await start();
      result.url = result.backend.url;
    },
    async stop() {
      await result.backend.stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return result;
}
