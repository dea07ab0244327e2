// What every storage route is built from: the database, the byte store, limits, and how a request runs as its caller.
import type { Context } from 'hono';
import type { Deps } from '../deps.ts';
import { SCOPE_SQL, scopeParams, withScope } from '../db/scope.ts';
import type { BatchOptions, Queryable, QueryResult, Statement } from '../db/types.ts';
import { DbUnavailableError } from '../db/unavailable.ts';
import { bearerToken } from '../http/apikey.ts';
import { clientWentAway, NOT_RECEIVED_IN_FULL } from '../http/client-gone.ts';
import type { AppEnv } from '../http/env.ts';
import { headerRecord } from '../http/headers.ts';
import type { Claims } from '../keys.ts';
import { verifyCached } from '../rest/jwt-cache.ts';
import { errors, fromDbError, StorageError, storageErrorResponse } from './errors.ts';
import type { RecentRows } from './recent-rows.ts';
import type { RenderCache } from './render-cache.ts';
import { findBucketSql, findObjectSql, type BucketRow, type ObjectRow } from './sql.ts';
import type { ObjectStore } from './store/types.ts';

export interface StorageService {
  deps: Deps;
  store: ObjectStore;
  /** The largest object accepted anywhere ([storage] file_size_limit); a bucket's own limit may only be lower. */
  maxFileBytes: number;
  /** Deletes the bytes of object versions no row refers to any more (see garbage.ts). */
  collectGarbage(): Promise<void>;
  /**
   * After a change that may have left bytes no row refers to: they are deleted a moment after the database's notice
   * of the change arrives, or after this call when no notices are heard.
   */
  collectGarbageSoon(): void;
  /** Stops listening and waiting, and closes the byte store. */
  stop(): Promise<void>;
  /** Rows of objects read lately, for signed URLs (see recent-rows.ts). */
  objects: RecentRows<ObjectRow>;
  /** Rows of buckets read lately, for their limits and whether they are public (see recent-rows.ts). */
  buckets: RecentRows<BucketRow>;
  /** Transformed images, by object version (see render-cache.ts). */
  renditions: RenderCache;
}

export interface Caller {
  role: string;
  claims: Claims;
  /** The `sub` of the caller's token: the owner of what they upload. */
  owner?: string;
}

export type StorageContext = Context<AppEnv>;

const MALFORMED_TOKEN = 'Invalid Compact JWS';

/** Whether row level security leaves the caller alone: the service role bypasses it (migration 0001). */
export const bypassesPolicies = (caller: Caller): boolean => caller.role === 'service_role';

/**
 * The caller named by the bearer token, or the apikey's role when there is none (verified by the gateway). A request
 * with neither is refused, as Storage refuses a missing or malformed token, by the JWS parser's words.
 */
export async function callerOf(service: StorageService, c: StorageContext): Promise<Caller> {
  const header = headerRecord(c).authorization;
  const apikeyClaims = c.get('apikeyClaims');
  let claims: Claims = apikeyClaims ?? {};
  if (header === undefined && (!apikeyClaims || Object.keys(apikeyClaims).length === 0)) {
    throw errors.invalidJwt(MALFORMED_TOKEN);
  }
  if (header !== undefined) {
    const token = bearerToken(header);
    if (!token || token.split('.').length !== 3) throw errors.invalidJwt(MALFORMED_TOKEN);
    try {
      claims = await verifyCached(service.deps.keys, token);
    } catch (error) {
      const message = (error as Error).message ?? '';
      throw errors.invalidJwt(message.includes('expired') ? 'jwt expired' : 'invalid signature');
    }
  }
  const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon';
  return { role, claims, owner: typeof claims.sub === 'string' ? claims.sub : undefined };
}

/** Runs `fn` in one transaction as the caller's role with their claims: row level security decides. */
export function asCaller<T>(
  service: StorageService,
  caller: Caller,
  c: StorageContext,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return asCallerAt(service, caller, c.req.method, new URL(c.req.url).pathname, fn);
}

/** asCaller for a request known by its method and path only. */
export function asCallerAt<T>(
  service: StorageService,
  caller: Caller,
  method: string,
  path: string,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return withScope(service.deps.db, { role: caller.role, claims: caller.claims, method, path }, fn);
}

/** Runs `fn` as the server itself, past row level security: for what Storage reads as its own superuser. */
export function asServer<T>(service: StorageService, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return service.deps.db.transaction(fn);
}

/** Storage's rendering of any failure; faults other than Storage's own are logged and reported without details. */
export function handleStorageError(c: StorageContext, error: unknown): Response {
  if (error instanceof DbUnavailableError) throw error;
  const known = error instanceof StorageError ? error : fromDbError(error);
  if (known) return storageErrorResponse(c, known);
  // Answered for form's sake, and not logged: the client is gone, which is not the server's fault.
  if (clientWentAway(error)) {
    return storageErrorResponse(c, errors.invalidRequest(NOT_RECEIVED_IN_FULL));
  }
  console.error(`${c.req.method} ${new URL(c.req.url).pathname}:`, error);
  return storageErrorResponse(c, errors.internal());
}

/** A handler whose thrown errors are answered as Storage answers them. */
export function handled(fn: (c: StorageContext) => Promise<Response>) {
  return async (c: StorageContext): Promise<Response> => {
    try {
      return await fn(c);
    } catch (error) {
      return handleStorageError(c, error);
    }
  };
}

/** A JSON body of at most 1 MiB; anything else is refused as Storage refuses a malformed body. */
export async function jsonBody(c: StorageContext): Promise<Record<string, unknown>> {
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > 1024 * 1024) throw errors.invalidRequest('Body is too large');
  const text = await c.req.text();
  if (text.length > 1024 * 1024) throw errors.invalidRequest('Body is too large');
  if (text.trim() === '') return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Answered below.
  }
  throw errors.invalidRequest('Body is not valid JSON');
}

/**
 * Statements run as one transaction in one round trip (see Db.batch), as the caller's role with their claims, or as
 * the server when there is no caller; resolves to each statement's result.
 */
export async function batchAs(
  service: StorageService,
  caller: Caller | undefined,
  c: StorageContext,
  statements: Statement[],
  options?: BatchOptions,
): Promise<QueryResult[]> {
  if (!caller) return service.deps.db.batch(statements, options);
  const scope = { role: caller.role, claims: caller.claims, method: c.req.method, path: new URL(c.req.url).pathname };
  const [, ...results] = await service.deps.db.batch(
    [{ text: SCOPE_SQL, params: scopeParams(scope) }, ...statements],
    options,
  );
  return results;
}

/**
 * Runs `fn`, a read of one statement, as the caller in one round trip (see batchAs) instead of a transaction of its
 * own (a round trip each for its start, the scoping, the statement and its end). Each statement `fn` runs is scoped
 * and committed on its own, so `fn` must not write or depend on two statements seeing the same moment.
 */
export function singleReadAs<T>(
  service: StorageService,
  caller: Caller,
  c: StorageContext,
  fn: (read: Queryable) => Promise<T>,
): Promise<T> {
  return fn({
    query: async <R>(text: string, params?: unknown[]) => {
      const [result] = await batchAs(service, caller, c, [{ text, params: params ?? [] }]);
      return result as QueryResult<R>;
    },
    exec: () => Promise.reject(new Error('singleReadAs runs parameterized reads only')),
  });
}

/** One object as the caller sees it, read with the scoping in one round trip (the common read of a download). */
export async function findObjectAs(
  service: StorageService,
  caller: Caller,
  c: StorageContext,
  bucket: string,
  key: string,
): Promise<ObjectRow | undefined> {
  // The service role reads past every policy: what the server reads is what it would see, and may be kept a moment.
  if (bypassesPolicies(caller)) return signedObjectOf(service, bucket, key);
  const [found] = await batchAs(service, caller, c, [{ text: findObjectSql, params: [bucket, key] }]);
  return found.rows[0] as unknown as ObjectRow | undefined;
}

/** A bucket as Storage reads it as its own superuser (its limits, whether it is public); lately read ones from memory. */
export function bucketOf(service: StorageService, id: string): Promise<BucketRow | undefined> {
  return service.buckets.find(id, () => firstRowAsServer<BucketRow>(service, findBucketSql, [id]));
}

/** An object as Storage reads it as its own superuser (in a public bucket), in one round trip. */
export function objectAsServer(service: StorageService, bucket: string, key: string): Promise<ObjectRow | undefined> {
  return firstRowAsServer<ObjectRow>(service, findObjectSql, [bucket, key]);
}

/** The first row of one statement run as the server. */
async function firstRowAsServer<T>(service: StorageService, text: string, params: unknown[]): Promise<T | undefined> {
  // A batch, even of one statement: a round trip cheaper than a query on PGlite.
  const [found] = await service.deps.db.batch([{ text, params }]);
  return found.rows[0] as unknown as T | undefined;
}

/** An object as the server reads it, for a signed URL (the signature allows it); lately read ones from memory. */
export function signedObjectOf(service: StorageService, bucket: string, key: string): Promise<ObjectRow | undefined> {
  return service.objects.find(keptObjectKey(bucket, key), () => objectAsServer(service, bucket, key));
}

/** What names an object among the rows kept in memory: text in PostgreSQL holds no NUL, so this names one object. */
export const keptObjectKey = (bucket: string, key: string) => `${bucket}\0${key}`;
