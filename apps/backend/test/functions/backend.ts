// A listening backend serving the fixture project's functions (fixtures/functions), with supabase-js clients and the
// lines the functions wrote to the backend's log. On PGlite in a scratch data folder, or on a fresh database of
// TEST_DATABASE_URL's server.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createNodeClient } from '@teamplan/supabase-node';
import { vi } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { startBackend, type Backend } from '../../src/server.ts';
import { scratchDatabaseUrl, scratchDataDir } from '../harness.ts';

export const FIXTURES = fileURLToPath(new URL('./fixtures', import.meta.url));

export interface FunctionsBackend {
  backend: Backend;
  url: string;
  /** A client with the anon key and no session. */
  anon: SupabaseClient;
  /** A client whose key is `key` (its Authorization header too, as supabase-js sends a JWT key). */
  withKey(key: string): SupabaseClient;
  /** Lines the functions wrote to the backend's log so far. */
  logs(): string[];
  stop(): Promise<void>;
}

/** Captures the functions' lines of the backend's log (and keeps them out of the test output). */
function captureLogs(): { lines: string[]; restore(): void } {
  const lines: string[] = [];
  const spies = (['log', 'error'] as const).map((method) => {
    const original = console[method].bind(console);
    return vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      const text = args.map(String).join(' ');
      if (text.startsWith('[functions:')) lines.push(...text.split('\n'));
      else original(...args);
    });
  });
  return { lines, restore: () => spies.forEach((spy) => spy.mockRestore()) };
}

export async function startFunctionsBackend(env: Record<string, string> = {}): Promise<FunctionsBackend> {
  const dataDir = scratchDataDir('functions');
  const database = await scratchDatabaseUrl();
  const logs = captureLogs();
  const backend = await startBackend(
    loadConfig({
      BACKEND_PORT: '0',
      DATA_DIR: dataDir,
      SUPABASE_DIR: FIXTURES,
      FUNCTIONS_ENV_FILE: path.join(FIXTURES, 'secrets.env'),
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...env,
    }),
  );
  const withKey = (key: string) => createNodeClient(backend.url, key);
  return {
    backend,
    url: backend.url,
    anon: withKey(backend.deps.keys.anonKey),
    withKey,
    logs: () => [...logs.lines],
    async stop() {
      await backend.stop();
      logs.restore();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Reads a streamed answer chunk by chunk, noting when each arrived. */
export async function readChunks(body: ReadableStream<Uint8Array>): Promise<Array<{ text: string; at: number }>> {
  const chunks: Array<{ text: string; at: number }> = [];
  const decoder = new TextDecoder();
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    chunks.push({ text: decoder.decode(chunk), at: Date.now() });
  }
  return chunks;
}
