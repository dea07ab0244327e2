// Postgres compiled to WebAssembly, on the thread that opens it: in memory (tests), or with its files in a folder
// (in the worker thread of pglite-threaded.ts, which bounds how long a statement may hold it).
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { batchOnPglite, queryInTransaction } from './batch-pglite.ts';
import { PreparedStatements } from './pglite-statements.ts';
import { identity, parsers } from './parsers.ts';
import { toDbError, type Db, type QueryResult } from './types.ts';

// PGlite parses these (and every array type) into Date, number, bigint or arrays by default; keep them as text
// exactly as the pg adapter does.
const TEXT_OIDS = [17, 20, 1082, 1083, 1114, 1184, 1186, 1266];
type Parsers = Record<number, (value: string) => unknown>;

async function parsersFor(pg: PGlite): Promise<Parsers> {
  const arrays = await pg.query<{ typarray: number }>(
    'select typarray::int from pg_catalog.pg_type where typarray <> 0',
  );
  const asText = [...TEXT_OIDS, ...arrays.rows.map((row) => row.typarray)];
  return { ...Object.fromEntries(asText.map((oid) => [oid, identity])), ...parsers };
}

async function exec(target: Pick<PGlite, 'exec'>, sql: string): Promise<void> {
  try {
    await target.exec(sql);
  } catch (error) {
    throw toDbError(error);
  }
}

const extensions = { btree_gist, pgcrypto, uuid_ossp };

/** Postgres settings given at start, by name ("shared_buffers": "32MB"). */
export type EngineSettings = Partial<Record<string, string>>;

/**
 * The embedded database's shared buffers, unless config.toml sets them. Postgres's own default (128MB) is resident
 * from the start here (the engine's memory is written as it is given out), and a planner's data fits in a fraction of
 * it; a page read past them comes from the system's file cache.
 */
const EMBEDDED_DEFAULTS: EngineSettings = { shared_buffers: '32MB' };

function startParams(settings: EngineSettings): string[] {
  const given = Object.entries({ ...EMBEDDED_DEFAULTS, ...settings }).filter(([, value]) => value !== undefined);
  return [...PGlite.defaultStartParams, ...given.flatMap(([name, value]) => ['-c', `${name}=${value}`])];
}

/**
 * Opens PGlite with its files in `storage`, or in memory when `storage` is undefined. `from` is a data folder dumped
 * by `dumpPristineCluster` to start from instead of initializing a new one (seconds of initdb for each database).
 */
export async function openPgliteEngine(storage?: string, from?: Blob, settings: EngineSettings = {}): Promise<Db> {
  const pg = await PGlite.create(storage, { extensions, loadDataDir: from, startParams: startParams(settings) });
  const typeParsers = await parsersFor(pg);
  const parserFor = (oid: number) => typeParsers[oid] ?? (pg.parsers as Parsers)[oid];
  const prepared = new PreparedStatements();
  const batch: Db['batch'] = (statements, options) =>
    batchOnPglite(pg, prepared, statements, parserFor, options?.commit);
  return {
    kind: 'pglite',
    // A statement on its own is a batch of one: the same implicit transaction, prepared.
    query: async <R>(text: string, params?: unknown[]) =>
      (await batch([{ text, params: params ?? [] }]))[0] as QueryResult<R>,
    batch,
    transaction: (fn) =>
      pg
        .transaction((tx) =>
          fn({
            query: async <R>(text: string, params?: unknown[]) =>
              (await queryInTransaction(pg, { text, params: params ?? [] }, parserFor)) as QueryResult<R>,
            exec: (sql) => exec(tx, sql),
          }),
        )
        .catch((error) => Promise.reject(toDbError(error))),
    exec: (sql) => exec(pg, sql),
    listen: async (channel, onNotify) => {
      const unlisten = await pg.listen(channel, onNotify);
      return async () => unlisten();
    },
    close: () => pg.close(),
  };
}

/**
 * Initializes a cluster, with its files in `storage` or in memory, and returns its data folder, nothing applied to it,
 * as a tar archive for `openPgliteEngine`.
 */
export async function dumpPristineCluster(storage?: string): Promise<Blob> {
  const pg = await PGlite.create(storage, { extensions });
  try {
    return await pg.dumpDataDir('none');
  } finally {
    await pg.close();
  }
}
