// Reads already parsed, planned and built: a client repeats the same request (supabase-js sends the same URL for the
// same screen), and the pure stages would produce the same statement again. Remembered by every input those stages
// read, bounded, least recently used first out, and forgotten whenever the schema cache is replaced.
import type { ActionPlan } from './plan/types.ts';
import type { RawRequest } from './request/parse.ts';
import type { ApiRequest } from './request/types.ts';
import type { SchemaCache } from './schema/types.ts';
import type { SqlStatement } from './sql/fragments.ts';

export interface Prepared {
  request: ApiRequest;
  plan: ActionPlan;
  statement: SqlStatement;
}

export interface PreparedCache {
  /** The key of a request whose preparation can be kept: a GET or HEAD, whose stages read no body. */
  keyOf(raw: RawRequest): string | undefined;
  get(key: string, cache: SchemaCache): Prepared | undefined;
  set(key: string, cache: SchemaCache, prepared: Prepared): void;
}

const MAX_ENTRIES = 500;
// Longer queries are rare and would make keys as long; they are prepared every time.
const MAX_QUERY_LENGTH = 2000;
// The headers the parse stage reads for a GET or HEAD; the key must change whenever any of them does.
const READ_HEADERS = ['accept', 'accept-profile', 'prefer', 'range'] as const;
const ABSENT = '\u0000';

export function createPreparedCache(): PreparedCache {
  const entries = new Map<string, Prepared>();
  let owner: SchemaCache | undefined;

  return {
    keyOf(raw) {
      if ((raw.method !== 'GET' && raw.method !== 'HEAD') || raw.query.length > MAX_QUERY_LENGTH) return undefined;
      let key = `${raw.method} ${raw.path}?${raw.query}`;
      for (const name of READ_HEADERS) key += `\n${raw.headers[name] ?? ABSENT}`;
      return key;
    },
    get(key, cache) {
      if (cache !== owner) return undefined;
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    set(key, cache, prepared) {
      if (cache !== owner) {
        entries.clear();
        owner = cache;
      }
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      // The request's own headers are read only by the parse stage; the kept copy carries none.
      entries.set(key, { ...prepared, request: { ...prepared.request, headers: {} } });
    },
  };
}
