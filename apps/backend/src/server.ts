// Builds a running server from a configuration: database, migrations, keys, mailer, HTTP. Used by main.ts and by
// tests that need a real listening backend.
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import { migrate, type MigrationReport } from './db/migrate.ts';
import { openDb } from './db/open.ts';
import type { Deps } from './deps.ts';
import { FunctionsRuntime } from './functions/runtime.ts';
import { FunctionUpgrades, isFunctionUpgrade } from './functions/upgrade.ts';
import { refuseNoRoute } from './http/no-route.ts';
import { watchKeys } from './key-watch.ts';
import { loadKeys } from './keys.ts';
import { createMailer } from './mail/mailer.ts';
import { RealtimeService } from './realtime/service.ts';
import { createStorageService } from './storage/routes.ts';
import { seedBuckets } from './storage/seed.ts';

export interface Backend {
  deps: Deps;
  migrations: MigrationReport;
  url: string;
  stop(): Promise<void>;
}

export async function prepare(config: Config): Promise<{ deps: Deps; migrations: MigrationReport }> {
  const db = await openDb(config);
  try {
    const migrations = await migrate(db, config.supabaseDir);
    const keys = await loadKeys(config, db);
    const functions = new FunctionsRuntime(config, keys);
    const realtime = config.project.realtime.enabled ? new RealtimeService(config, db, keys) : undefined;
    await realtime?.start();
    const deps: Deps = { config, db, keys, mailer: createMailer(config.project, db), functions, realtime };
    if (config.storage.enabled) {
      deps.storage = await createStorageService(deps);
      await seedBuckets(deps.storage);
      await deps.storage.collectGarbage();
    }
    return { deps, migrations };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** Node's limits on clients that send slowly: the whole request, its headers, and how often they are checked. */
function slowClientLimits(requestTimeout: number) {
  return {
    requestTimeout,
    headersTimeout: Math.min(60_000, requestTimeout),
    connectionsCheckingInterval: Math.min(30_000, Math.ceil(requestTimeout / 4)),
  };
}

/** WebSocket upgrades: a function's under /functions/v1/, Realtime's otherwise (which refuses other paths). */
function routeUpgrades(server: HttpServer, deps: Deps): void {
  const functions = deps.functions && new FunctionUpgrades({ ...deps, functions: deps.functions });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (functions && isFunctionUpgrade(request)) functions.take(request, socket, head);
    else if (deps.realtime) void deps.realtime.upgrade(request, socket, head);
    else refuseNoRoute(socket);
  });
}

export async function startBackend(config: Config): Promise<Backend> {
  const { deps, migrations } = await prepare(config);
  const stopWatchingKeys = await watchKeys(deps);
  const app = createApp(deps);
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve(
      {
        fetch: app.fetch,
        port: config.port,
        hostname: config.host,
        serverOptions: slowClientLimits(config.limits.requestTimeoutMs),
      },
      () => resolve(s),
    );
    s.once('error', reject);
  });
  routeUpgrades(server as HttpServer, deps);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // With port 0 the system chose the port: links and the token issuer must carry the real one.
  if (config.port === 0 && config.apiExternalUrl.endsWith(':0')) {
    config.apiExternalUrl = `http://${config.host}:${port}`;
  }
  // In the background: a function whose imports do not resolve is reported, and the rest serve meanwhile.
  deps.functions?.check().catch((error) => console.error('The functions could not be checked:', error));
  return {
    deps,
    migrations,
    url: `http://${config.host}:${port}`,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Functions still streaming and open websockets would keep their connections, and so the server, open.
      await deps.realtime?.stop();
      await deps.functions?.stop();
      await closed;
      await stopWatchingKeys();
      await deps.storage?.stop();
      await deps.db.close();
    },
  };
}
