// Holds the current schema cache: loaded on first use, replaced on `NOTIFY pgrst, 'reload schema'` (what
// PostgREST listens for). Requests keep using the previous cache until the new one is complete.
import type { Db } from '../../db/types.ts';
import { loadSchemaCache } from './load.ts';
import type { SchemaCache } from './types.ts';

export interface SchemaCacheStore {
  /** The current cache; the first call loads it. Rejects while the catalog cannot be read. */
  get(): Promise<SchemaCache>;
  /** Reads the catalog again and swaps the cache in when done. */
  reload(): Promise<SchemaCache>;
}

const RELOAD_PAYLOADS = new Set(['reload schema', 'reload config', '']);

export function createSchemaCacheStore(db: Db, schemas: string[]): SchemaCacheStore {
  let current: SchemaCache | undefined;
  let loading: Promise<SchemaCache> | undefined;

  function reload(): Promise<SchemaCache> {
    // A reload asked for while one runs starts after it, so a change committed meanwhile is not missed.
    const previous = loading ?? Promise.resolve(undefined);
    const next = previous
      .catch(() => undefined)
      .then(() => loadSchemaCache(db, schemas))
      .then((cache) => {
        current = cache;
        return cache;
      })
      .finally(() => {
        if (loading === next) loading = undefined;
      });
    loading = next;
    return next;
  }

  db.listen('pgrst', (payload) => {
    if (!RELOAD_PAYLOADS.has(payload.trim())) return;
    reload().catch((error: unknown) => console.error('schema cache reload failed:', (error as Error).message));
  }).catch((error: unknown) => console.error('cannot listen for schema reloads:', (error as Error).message));

  return {
    get: () => (current ? Promise.resolve(current) : (loading ?? reload())),
    reload,
  };
}
