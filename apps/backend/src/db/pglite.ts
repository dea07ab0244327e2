// The embedded adapter: Postgres compiled to WebAssembly. With a data folder (the backend) it runs on a thread of
// its own with a statement time limit, the folder locked to this process; in memory (tests) on the calling thread.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { acquireLock } from './lock.ts';
import { openPgliteEngine } from './pglite-engine.ts';
import { openThreadedPglite, type ThreadedOptions } from './pglite-threaded.ts';
import type { Db } from './types.ts';

/** Where the backend keeps its embedded database within its data folder. */
export const pgdataFolder = (dataDir: string) => path.join(dataDir, 'pgdata');

/** Opens PGlite in `dataDir/pgdata`, or in memory when `dataDir` is undefined (tests). */
export async function openPglite(dataDir?: string, options: ThreadedOptions = { statementTimeoutMs: 0 }): Promise<Db> {
  if (!dataDir) return openPgliteEngine();
  mkdirSync(dataDir, { recursive: true });
  const release = acquireLock(path.join(dataDir, 'pgdata.lock'));
  let db: Db;
  try {
    db = await openThreadedPglite(pgdataFolder(dataDir), options);
  } catch (error) {
    release();
    throw error;
  }
  return {
    ...db,
    async close() {
      await db.close();
      release();
    },
  };
}
