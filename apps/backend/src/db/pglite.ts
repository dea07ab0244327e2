// The embedded adapter: Postgres compiled to WebAssembly. With a data folder (the backend) it runs on a thread of
// its own with a statement time limit, the folder locked to this process, and vacuumed and checkpointed as Postgres's
// own background processes would (see maintenance.ts); in memory (tests) on the calling thread.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { acquireLock } from './lock.ts';
import { DatabaseMaintenance, type MaintenanceOptions } from './maintenance.ts';
import { openPgliteEngine } from './pglite-engine.ts';
import { openThreadedPglite, type ThreadedOptions } from './pglite-threaded.ts';
import type { Db } from './types.ts';

/** Where the backend keeps its embedded database within its data folder. */
export const pgdataFolder = (dataDir: string) => path.join(dataDir, 'pgdata');

export interface PgliteOptions extends ThreadedOptions {
  /** When to vacuum and checkpoint; as Postgres's autovacuum and checkpointer unless set. */
  maintenance?: MaintenanceOptions;
}

/** Opens PGlite in `dataDir/pgdata`, or in memory when `dataDir` is undefined (tests). */
export async function openPglite(dataDir?: string, options: PgliteOptions = { statementTimeoutMs: 0 }): Promise<Db> {
  if (!dataDir) return openPgliteEngine(undefined, undefined, options.settings);
  mkdirSync(dataDir, { recursive: true });
  const release = acquireLock(path.join(dataDir, 'pgdata.lock'));
  let db: Db;
  try {
    db = await openThreadedPglite(pgdataFolder(dataDir), options);
  } catch (error) {
    release();
    throw error;
  }
  const maintenance = new DatabaseMaintenance(db, options.maintenance);
  maintenance.start();
  return {
    ...db,
    async close() {
      await maintenance.stop();
      await db.close();
      release();
    },
  };
}
