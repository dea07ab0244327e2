// A listening backend for the realtime tests, on PGlite in a scratch data folder or on a fresh database of
// TEST_DATABASE_URL's server, with supabase-js clients on either protocol version and helpers to wait for events.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { createNodeClient } from '@teamplan/supabase-node';
import { loadConfig } from '../../src/config.ts';
import { startBackend, type Backend } from '../../src/server.ts';
import { scratchDatabaseUrl, scratchDataDir } from '../harness.ts';

/** A project without the product's schema: the tests create the tables they need, and start in seconds. */
const PROJECT = fileURLToPath(new URL('./fixtures/project', import.meta.url));

export type Vsn = '1.0.0' | '2.0.0';

export interface RealtimeBackend {
  backend: Backend;
  url: string;
  databaseUrl?: string;
  /** A client with the anon key (or `key`), speaking `vsn`; removed when the backend stops. */
  client(vsn?: Vsn, key?: string): SupabaseClient;
  /** A backend process of its own on the same database (PostgreSQL only). */
  sibling(): Promise<Backend>;
  stop(): Promise<void>;
}

export async function startRealtimeBackend(env: Record<string, string> = {}): Promise<RealtimeBackend> {
  const dirs: string[] = [];
  const database = await scratchDatabaseUrl();
  const start = () => {
    const dataDir = scratchDataDir('realtime');
    dirs.push(dataDir);
    return startBackend(
      loadConfig({
        BACKEND_PORT: '0',
        DATA_DIR: dataDir,
        SUPABASE_DIR: PROJECT,
        ...(database.url ? { DATABASE_URL: database.url } : {}),
        ...env,
      }),
    );
  };
  const backend = await start();
  const siblings: Backend[] = [];
  const clients: SupabaseClient[] = [];
  return {
    backend,
    url: backend.url,
    ...(database.url ? { databaseUrl: database.url } : {}),
    client(vsn = '2.0.0', key = backend.deps.keys.anonKey) {
      const client = createNodeClient(backend.url, key, { realtime: { vsn } as never });
      clients.push(client);
      return client;
    },
    async sibling() {
      const other = await start();
      // A test may stop it first; stopping twice would close its database twice.
      const stop = other.stop.bind(other);
      let stopped: Promise<void> | undefined;
      other.stop = () => (stopped ??= stop());
      siblings.push(other);
      return other;
    },
    async stop() {
      await Promise.all(clients.map((client) => client.removeAllChannels()));
      for (const other of siblings) await other.stop();
      await backend.stop();
      await database.drop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Subscribes and resolves once SUBSCRIBED; rejects with the error of CHANNEL_ERROR or TIMED_OUT. */
export function subscribed(channel: RealtimeChannel): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve(channel);
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    });
  });
}

/** Collects what a callback receives, and waits for a number of them. */
export class Inbox<T = unknown> {
  readonly items: T[] = [];
  private waiters: Array<{ count: number; resolve: () => void }> = [];

  readonly push = (item: T): void => {
    this.items.push(item);
    this.waiters = this.waiters.filter((waiter) => {
      if (this.items.length < waiter.count) return true;
      waiter.resolve();
      return false;
    });
  };

  async next(count = this.items.length + 1, timeoutMs = 5000): Promise<T[]> {
    if (this.items.length < count) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`waited for ${count} items, got ${this.items.length}`)),
          timeoutMs,
        );
        this.waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      });
    }
    return this.items;
  }
}

export { sleep, until } from '../wait.ts';

/** How long a test file may take to start its backend: minutes on a machine busy with other work. */
export const STARTUP_MS = 180_000;
