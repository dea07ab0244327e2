// Renders auth errors in the body shape the client asked for with X-Supabase-Api-Version, as GoTrue does: the
// initial shape {code: <status>, error_code, msg} or, from 2024-01-01, {code: <error code>, message}.
import type { Context } from 'hono';
import { DbError } from '../db/types.ts';
import { DbUnavailableError } from '../db/unavailable.ts';
import { AuthError } from './errors.ts';

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const VERSION_2024 = '2024-01-01';

/** The closest API version at or before the requested date; undefined is the initial version. */
export function requestedApiVersion(header: string | undefined): typeof VERSION_2024 | undefined {
  if (!header || !/^\d{4}-\d{2}-\d{2}$/.test(header)) return undefined;
  const date = Date.parse(`${header}T00:00:00Z`);
  if (Number.isNaN(date)) return undefined;
  return date >= Date.parse(`${VERSION_2024}T00:00:00Z`) ? VERSION_2024 : undefined;
}

const UNEXPECTED = 'Unexpected failure, please check server logs for more information';

/** A trigger's RAISE (P0001) or a PostgREST-style PTxxx code, which old clients receive as the database sent it. */
function raisedByDatabase(error: AuthError): DbError | undefined {
  const cause = error.cause;
  if (!(cause instanceof DbError)) return undefined;
  return cause.code === 'P0001' || /^PT\d{3}$/.test(cause.code) ? cause : undefined;
}

/** The database away (restarting, unreachable), however deep the failure was wrapped: retryable, never a 500. */
function databaseAway(thrown: unknown): boolean {
  for (let error = thrown, depth = 0; error && depth < 5; depth += 1) {
    if (error instanceof DbUnavailableError) return true;
    error = (error as { cause?: unknown }).cause;
  }
  return false;
}

export function renderAuthError(c: Context, thrown: unknown): Response {
  const away = databaseAway(thrown);
  if (away) {
    c.header('Retry-After', '1');
    thrown = new AuthError(503, 'unexpected_failure', 'The database is unavailable. Retry in a moment.');
  }
  const error =
    thrown instanceof AuthError ? thrown : new AuthError(500, 'unexpected_failure', UNEXPECTED, { cause: thrown });
  const path = new URL(c.req.url).pathname;
  // The pool logs the connection failure once; a stack per request would only bury it.
  if (error.status >= 500 && !away) console.error(`auth ${c.req.method} ${path}:`, error.cause ?? error);
  const version = requestedApiVersion(c.req.header(API_VERSION_HEADER));
  const weakPassword = error.weakPasswordReasons ? { weak_password: { reasons: error.weakPasswordReasons } } : {};
  const status = error.status as 400;
  if (version) {
    c.header(API_VERSION_HEADER, version);
    return c.json({ code: error.code, message: error.message, ...weakPassword }, status);
  }
  const raised = raisedByDatabase(error);
  if (raised) {
    const raisedStatus = raised.code.startsWith('PT') ? Number(raised.code.slice(2)) : 500;
    const body = {
      code: raised.code,
      message: raised.message,
      hint: raised.hint || undefined,
      detail: raised.detail || undefined,
    };
    return c.json(body, raisedStatus as 400);
  }
  return c.json({ code: error.status, error_code: error.code, msg: error.message, ...weakPassword }, status);
}
