// Database errors as PostgREST answers them: the SQLSTATE decides the HTTP status; the body carries Postgres's own
// message, detail and hint (which is what PostgREST sends, and all a client needs).
import { DbError } from '../db/types.ts';
import { ApiError } from './errors.ts';

/** PostgREST's SQLSTATE -> HTTP table. `authenticated` separates 401 from 403 on missing privileges. */
export function statusForSqlState(code: string, message: string, authenticated: boolean): number {
  switch (code) {
    case '23503':
    case '23505':
      return 409;
    case '25006':
      return 405;
    case '21000':
      return message.endsWith('requires a WHERE clause') ? 400 : 500;
    case '22023':
      return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
    case '53400':
      return 500;
    case '57P01':
      return 503;
    case 'P0001':
      return 400;
    case '42883':
      return message.startsWith('function xmlagg(') ? 406 : 404;
    case '42P01':
      return 404;
    case '42P17':
      return 500;
    case '42501':
      return authenticated ? 403 : 401;
  }
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  const status = byClass[code.slice(0, 2)];
  if (status !== undefined) return status;
  // `RAISE SQLSTATE 'PT401'` lets a function choose the HTTP status.
  if (code.startsWith('PT')) {
    const chosen = Number(code.slice(2));
    return Number.isInteger(chosen) && chosen >= 100 && chosen <= 599 ? chosen : 500;
  }
  return 400;
}

/** `RAISE SQLSTATE 'PGRST'` with a JSON message and detail gives the function full control of the response. */
function raisedPgrst(error: DbError): ApiError | undefined {
  try {
    const message = JSON.parse(error.message) as {
      code?: unknown;
      message?: unknown;
      details?: unknown;
      hint?: unknown;
    };
    const detail = JSON.parse(error.detail ?? '') as { status?: unknown; headers?: unknown };
    if (typeof message.code !== 'string' || typeof message.message !== 'string' || typeof detail.status !== 'number') {
      return undefined;
    }
    const headers =
      detail.headers && typeof detail.headers === 'object' ? (detail.headers as Record<string, string>) : {};
    return new ApiError(
      detail.status,
      {
        code: message.code,
        message: message.message,
        details: typeof message.details === 'string' ? message.details : null,
        hint: typeof message.hint === 'string' ? message.hint : null,
      },
      headers,
    );
  } catch {
    return undefined;
  }
}

export function fromDbError(error: DbError, authenticated: boolean): ApiError {
  if (error.code === 'PGRST') {
    const raised = raisedPgrst(error);
    if (raised) return raised;
  }
  const status = statusForSqlState(error.code, error.message, authenticated);
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  return new ApiError(
    status,
    {
      code: error.code,
      message: error.message,
      details: error.detail ?? null,
      hint: error.hint ?? null,
    },
    headers,
  );
}
