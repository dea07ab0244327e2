// The scoping statement: every user request runs in a transaction that first sets the role, the JWT claims and
// the request's method and path in one statement, as PostgREST does; from then on Postgres decides what is visible.
import { quoteIdent } from './quote.ts';
import type { Db, Queryable } from './types.ts';

export interface RequestScope {
  /** A database role named by a verified JWT: anon, authenticated, service_role, or another the JWT names. */
  role: string;
  claims: Record<string, unknown>;
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** search_path for this request, e.g. the exposed schema followed by extra_search_path. */
  searchPath?: string[];
}

/**
 * The settings every request makes, their values bound as $1..$6 (see scopeParams). _backend.realtime_visible
 * applies the same six, in this order, from scopeParams' values.
 */
export const SCOPE_SETTINGS = [
  "set_config('role', $1, true)",
  "set_config('request.jwt.claims', $2, true)",
  "set_config('request.method', $3, true)",
  "set_config('request.path', $4, true)",
  "set_config('request.headers', $5, true)",
  "set_config('search_path', $6, true)",
];

/**
 * One statement that applies the settings. Selected bare, each set_config would send its new value back, the
 * request's headers and token included, to be read and thrown away; "is null" still applies it and answers a byte.
 */
export function scopingSql(settings: string[]): string {
  return `select ${settings.map((setting) => `${setting} is null`).join(', ')}`;
}

export const SCOPE_SQL = scopingSql(SCOPE_SETTINGS);

// Verified claims are shared by every request that sends the same token (the token cache keeps one object), so
// their text is written once per object.
const claimsText = new WeakMap<Record<string, unknown>, string>();

function claimsJson(claims: Record<string, unknown>): string {
  let text = claimsText.get(claims);
  if (text === undefined) claimsText.set(claims, (text = JSON.stringify(claims)));
  return text;
}

export function scopeParams(scope: RequestScope): unknown[] {
  return [
    scope.role,
    claimsJson(scope.claims),
    scope.method,
    scope.path,
    JSON.stringify(scope.headers ?? {}),
    (scope.searchPath ?? ['public', 'extensions']).map(quoteIdent).join(', '),
  ];
}

/** Runs `fn` as the request's role with its claims, inside one transaction. */
export function withScope<T>(db: Db, scope: RequestScope, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(SCOPE_SQL, scopeParams(scope));
    return fn(tx);
  });
}
