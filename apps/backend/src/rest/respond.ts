// The respond stage: status, headers (Content-Range, Location, Content-Location, Preference-Applied, Content-Type)
// and body, as PostgREST answers each kind of request; and the error body `{code, message, details, hint}`.
import { ApiError, gucHeadersError, gucStatusError, invalidRange, type ErrorBody } from './errors.ts';
import type { ResultSet } from './execute.ts';
import type { ActionPlan, BodyFormat, CallAction, MutateAction, ReadAction } from './plan/types.ts';
import { preferenceApplied } from './request/preferences.ts';
import type { ApiRequest, MediaType, Preferences } from './request/types.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * What the data service answers, before it becomes an HTTP response: header names in lower case. A plain record
 * rather than a `Response`, so the HTTP layer writes it without building Fetch `Headers` for every request.
 */
export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  body: string | null;
  /** Further values of a header the database set more than once (two `Set-Cookie`), each sent on its own line. */
  repeatedHeaders?: [string, string][];
}

function negotiatedFormat(media: MediaType): BodyFormat {
  if (media.kind === 'object') return { kind: 'object', stripNulls: media.stripNulls };
  if (media.kind === 'array-stripped' || media.kind === 'csv') return { kind: media.kind };
  return { kind: 'json' };
}

export function contentTypeOf(format: BodyFormat): string | undefined {
  switch (format.kind) {
    case 'json':
      return JSON_TYPE;
    case 'object':
      return `application/vnd.pgrst.object+json${format.stripNulls ? ';nulls=stripped' : ''}; charset=utf-8`;
    case 'array-stripped':
      return 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8';
    case 'csv':
      return 'text/csv; charset=utf-8';
    case 'plan':
      return `${format.mime}; charset=utf-8`;
    case 'none':
      return undefined;
  }
}

/** `0-9/42`, `0-9/*`, `*\/0`: the range shown and the total, `*` where unknown or empty. */
export function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total === null ? '*' : total}`;
}

export function errorResponse(error: ApiError): RestResponse {
  const body: ErrorBody = error.body;
  const headers: Record<string, string> = {
    'content-type': JSON_TYPE,
    'proxy-status': `PostgREST; error=${body.code}`,
  };
  for (const [name, value] of Object.entries(error.headers)) headers[name.toLowerCase()] = value;
  return {
    status: error.status,
    headers,
    body: JSON.stringify({ code: body.code, details: body.details, hint: body.hint, message: body.message }),
  };
}

/**
 * `response.status` and `response.headers` set by the database (e.g. in a function) override ours; a header it sets
 * twice is sent twice. Returns the status and the repeated values.
 */
function applyGucs(
  result: ResultSet,
  status: number,
  headers: Record<string, string>,
): { status: number; repeated: [string, string][] } {
  const repeated: [string, string][] = [];
  if (result.responseHeaders) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(result.responseHeaders);
    } catch {
      throw gucHeadersError();
    }
    if (!Array.isArray(parsed)) throw gucHeadersError();
    const fromDatabase = new Set<string>();
    for (const entry of parsed as Record<string, unknown>[]) {
      const pairs = Object.entries(entry ?? {});
      if (pairs.length !== 1 || typeof pairs[0][1] !== 'string') throw gucHeadersError();
      // Names and values from the database are checked and normalized as Fetch headers check them.
      const [[name, value]] = [...new Headers([[pairs[0][0], pairs[0][1] as string]])];
      if (fromDatabase.has(name)) repeated.push([name, value]);
      else headers[name] = value;
      fromDatabase.add(name);
    }
  }
  if (!result.responseStatus) return { status, repeated };
  const chosen = Number(result.responseStatus);
  if (!Number.isInteger(chosen) || chosen < 100 || chosen > 599) throw gucStatusError();
  return { status: chosen, repeated };
}

function locationOf(table: string, keys: [string, string][]): string {
  const query = keys.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
  return `/${encodeURIComponent(table)}?${query}`;
}

interface Draft {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

const COMMON = ['transaction', 'handling', 'timezone'] as const;

function setPreferenceApplied(
  headers: Record<string, string>,
  prefs: Preferences,
  applied: Parameters<typeof preferenceApplied>[1],
): void {
  const value = preferenceApplied(prefs, applied);
  if (value) headers['preference-applied'] = value;
}

/** Inserts answer 201 (200 when an upsert only merged), updates and deletes 200 with a body or 204. */
function mutationDraft(request: ApiRequest, plan: MutateAction, result: ResultSet): Draft {
  const headers: Record<string, string> = {};
  const prefs = request.preferences;
  const total = prefs.count === undefined ? null : result.pageTotal;
  const full = plan.representation === 'full';
  let status: number;
  if (plan.mutation === 'create') {
    // A merge that inserted nothing answers 200, an empty payload included (no row ever counted itself in).
    const merges = plan.mutate.kind === 'insert' && plan.mutate.conflict?.resolution === 'merge-duplicates';
    const mergedOnly = merges && (result.inserted ?? 0) <= 0;
    status = mergedOnly ? 200 : 201;
    if (result.location && result.location.length > 0)
      headers.location = locationOf(plan.mutate.table.name, result.location);
    headers['content-range'] = contentRange(1, 0, total);
    // The resolution applies only where there is a conflict target.
    const resolves = plan.primaryKey.length > 0 || request.query.onConflict !== undefined;
    setPreferenceApplied(headers, prefs, [
      ...(resolves ? (['resolution'] as const) : []),
      'missing',
      'representation',
      'count',
      ...COMMON,
    ]);
  } else if (plan.mutation === 'upsert') {
    // PUT answers 201 when it inserted, 200 when it replaced, 204 without a body; no Content-Range.
    status = full ? ((result.inserted ?? 0) > 0 ? 201 : 200) : 204;
    setPreferenceApplied(headers, prefs, ['representation', 'count', ...COMMON]);
  } else {
    status = full ? 200 : 204;
    headers['content-range'] =
      plan.mutation === 'update' ? contentRange(0, result.pageTotal - 1, total) : contentRange(1, 0, total);
    setPreferenceApplied(headers, prefs, ['representation', 'count', 'missing', 'maxAffected', ...COMMON]);
  }
  return { status, headers, body: full ? result.body : null };
}

/** Reads and calls answer 200, 206 for part of a counted total, 416 past its end, 204 for a void function. */
function readDraft(request: ApiRequest, plan: ReadAction | CallAction, result: ResultSet): Draft {
  const headers: Record<string, string> = {};
  const lower = request.topLevelRange.offset;
  const total = result.total;
  let status = total === null ? 200 : lower > total ? 416 : result.pageTotal < total ? 206 : 200;
  if (status === 416) throw invalidRange({ kind: 'outOfBounds', lower, total: total ?? 0 });
  headers['content-range'] = contentRange(lower, lower + result.pageTotal - 1, total);
  if (plan.kind === 'read') {
    const canonical = request.query.canonical;
    const name = request.target.kind === 'relation' ? request.target.name : '';
    headers['content-location'] = `/${name}${canonical ? `?${canonical}` : ''}`;
  }
  setPreferenceApplied(headers, request.preferences, [
    'count',
    ...(plan.kind === 'call' ? (['maxAffected'] as const) : []),
    ...COMMON,
  ]);
  if (plan.kind === 'call' && plan.routine.returns.kind === 'void') status = 204;
  // HEAD says what GET would send, without sending it.
  if (plan.headOnly) headers['content-type'] = contentTypeOf(negotiatedFormat(plan.media)) ?? JSON_TYPE;
  return { status, headers, body: plan.headOnly || plan.format.kind === 'none' ? null : result.body };
}

export function respond(request: ApiRequest, plan: ActionPlan, result: ResultSet): RestResponse {
  if (plan.format.kind === 'plan') {
    const headers: Record<string, string> = { 'content-type': contentTypeOf(plan.format)! };
    if (request.negotiatedByProfile) headers['content-profile'] = request.schema;
    return { status: 200, headers, body: result.body };
  }
  const draft = plan.kind === 'mutate' ? mutationDraft(request, plan, result) : readDraft(request, plan, result);
  const type = contentTypeOf(plan.format);
  if (type && draft.body !== null) draft.headers['content-type'] = type;
  if (request.negotiatedByProfile) draft.headers['content-profile'] = request.schema;
  const { status, repeated } = applyGucs(result, draft.status, draft.headers);
  const response: RestResponse = { status, headers: draft.headers, body: status === 204 ? null : draft.body };
  if (repeated.length > 0) response.repeatedHeaders = repeated;
  return response;
}
