// Database errors as PostgREST answers them: the SQLSTATE decides the HTTP status; the body carries Postgres's own
// message, detail and hint (which is what PostgREST sends, and all a client needs).
import { DbError } from '../db/types.ts';
import { ApiError, raiseParseError, type ErrorBody } from './errors.ts';

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

const RAISE_MESSAGE_HINT =
  "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.";
const RAISE_DETAIL_HINT =
  "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const isOptionalText = (value: unknown) => value === undefined || value === null || typeof value === 'string';

/** The response body a function raised: `code` and `message` are required, `details` and `hint` may be left out. */
function raisedBody(message: string): ErrorBody | undefined {
  const body = parseJsonObject(message);
  if (!body || typeof body.code !== 'string' || typeof body.message !== 'string') return undefined;
  if (!isOptionalText(body.details) || !isOptionalText(body.hint)) return undefined;
  return {
    code: body.code,
    message: body.message,
    details: (body.details as string | undefined) ?? null,
    hint: (body.hint as string | undefined) ?? null,
  };
}

/** The status and headers a function raised: both required, every header value a string. */
function raisedEnvelope(detail: string): { status: number; headers: Record<string, string> } | undefined {
  const envelope = parseJsonObject(detail);
  if (!envelope || !Number.isInteger(envelope.status)) return undefined;
  const headers = envelope.headers;
  if (headers === null || typeof headers !== 'object' || Array.isArray(headers)) return undefined;
  if (!Object.values(headers).every((value) => typeof value === 'string')) return undefined;
  return { status: envelope.status as number, headers: headers as Record<string, string> };
}

/**
 * `RAISE SQLSTATE 'PGRST'` gives the function full control of the response: the body as JSON in MESSAGE, the status
 * and headers as JSON in DETAIL. Either one unreadable is PGRST121, a fault of the function, hence 500.
 */
function raisedPgrst(error: DbError): ApiError {
  const body = raisedBody(error.message);
  if (!body) return raiseParseError(`Invalid JSON value for MESSAGE: '${error.message}'`, RAISE_MESSAGE_HINT);
  if (typeof error.detail !== 'string') {
    return raiseParseError('DETAIL is missing in the RAISE statement', RAISE_DETAIL_HINT);
  }
  const envelope = raisedEnvelope(error.detail);
  if (!envelope) return raiseParseError(`Invalid JSON value for DETAIL: '${error.detail}'`, RAISE_DETAIL_HINT);
  return new ApiError(envelope.status, body, envelope.headers);
}

export function fromDbError(error: DbError, authenticated: boolean): ApiError {
  if (error.code === 'PGRST') return raisedPgrst(error);
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
