// The parse stage: an HTTP request (method, path, query, headers, body) becomes the request AST. Pure; schema
// knowledge comes later, in the plan stage.
import {
  invalidPreferences,
  invalidResourcePath,
  invalidRpcMethod,
  putLimitNotAllowed,
  unacceptableSchema,
  unsupportedMethod,
} from '../errors.ts';
import { parseAccept } from './media.ts';
import { bodyMediaType, parsePayload } from './payload.ts';
import { parsePreferences } from './preferences.ts';
import { parseQueryParams } from './query-params.ts';
import { parseRangeHeader, topLevelRange } from './range.ts';
import type { Action, ApiRequest, Target } from './types.ts';

export interface RawRequest {
  method: string;
  /** The path below the service's mount point, e.g. `/items` or `/rpc/fn`. */
  path: string;
  /** The query string without `?`, still percent-encoded. */
  query: string;
  /** Header names in lower case; repeated headers joined with `, `. */
  headers: Record<string, string>;
  body: string;
}

export interface ParseContext {
  /** The exposed schemas; the first is the default. */
  schemas: string[];
  isTimezone?: (name: string) => boolean;
  /** Whether `Prefer: tx=` may choose how the transaction ends (`pgrst.db_tx_end`); when not, it is ignored. */
  allowTransactionOverride?: boolean;
}

function targetOf(path: string): Target {
  let segments: string[];
  try {
    segments = path
      .split('/')
      .filter((segment) => segment !== '')
      .map(decodeURIComponent);
  } catch {
    throw invalidResourcePath();
  }
  if (segments.length === 0) return { kind: 'root' };
  if (segments.length === 1) return { kind: 'relation', name: segments[0] };
  if (segments.length === 2 && segments[0] === 'rpc') return { kind: 'routine', name: segments[1] };
  throw invalidResourcePath();
}

function actionOf(method: string, target: Target): Action {
  if (target.kind === 'routine') {
    if (method === 'GET' || method === 'HEAD' || method === 'POST') return { kind: 'call', method };
    throw invalidRpcMethod(method);
  }
  switch (method) {
    case 'GET':
      return { kind: 'read', headOnly: false };
    case 'HEAD':
      return { kind: 'read', headOnly: true };
    case 'POST':
      if (target.kind === 'relation') return { kind: 'create' };
      break;
    case 'PUT':
      if (target.kind === 'relation') return { kind: 'upsert' };
      break;
    case 'PATCH':
      if (target.kind === 'relation') return { kind: 'update' };
      break;
    case 'DELETE':
      if (target.kind === 'relation') return { kind: 'delete' };
      break;
  }
  throw unsupportedMethod(method);
}

function schemaOf(method: string, headers: Record<string, string>, schemas: string[]) {
  const profile = method === 'GET' || method === 'HEAD' ? headers['accept-profile'] : headers['content-profile'];
  if (profile === undefined) return { schema: schemas[0], negotiatedByProfile: false };
  if (!schemas.includes(profile)) throw unacceptableSchema(profile, schemas);
  return { schema: profile, negotiatedByProfile: true };
}

const splitHeader = (value: string | undefined) => (value === undefined ? [] : [value]);

export function parseRequest(raw: RawRequest, context: ParseContext): ApiRequest {
  const method = raw.method.toUpperCase();
  const target = targetOf(raw.path);
  const action = actionOf(method, target);
  const { schema, negotiatedByProfile } = schemaOf(method, raw.headers, context.schemas);
  const query = parseQueryParams(raw.query, {
    argumentsInQuery: action.kind === 'call' && (method === 'GET' || method === 'HEAD'),
  });
  const preferences = parsePreferences(splitHeader(raw.headers.prefer), context.isTimezone);
  // Where the database lets no request choose, PostgREST still accepts tx=commit and tx=rollback (handling=strict
  // does not refuse them) but applies neither.
  if (context.allowTransactionOverride === false) delete preferences.transaction;
  if (preferences.handling === 'strict' && preferences.invalid.length > 0)
    throw invalidPreferences(preferences.invalid);
  // RFC 9110 has the Range header ignored by every method but GET, HEAD included, and so does PostgREST.
  const headerRange = method === 'GET' ? parseRangeHeader(raw.headers.range) : undefined;
  const range = topLevelRange(headerRange, query.ranges.get(''));
  if (action.kind === 'upsert' && query.ranges.has('')) throw putLimitNotAllowed();
  const hasBody =
    action.kind === 'create' ||
    action.kind === 'upsert' ||
    action.kind === 'update' ||
    (action.kind === 'call' && method === 'POST');
  const payload = hasBody
    ? parsePayload({
        body: raw.body,
        contentType: raw.headers['content-type'],
        columns: action.kind === 'upsert' ? undefined : query.columns,
        isCall: action.kind === 'call',
      })
    : undefined;
  return {
    method,
    action,
    target,
    schema,
    negotiatedByProfile,
    query,
    topLevelRange: range,
    preferences,
    accepts: parseAccept(raw.headers.accept),
    ...(payload ? { payload, bodyType: bodyMediaType(raw.headers['content-type']) } : {}),
    headers: raw.headers,
    path: raw.path,
  };
}
