// The data service (PostgREST-compatible), mounted at /rest/v1: every path and method goes through the pipeline.
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { withCorsHeaders } from '../http/cors.ts';
import { headerRecord } from '../http/headers.ts';
import { createRestService } from './pipeline.ts';
import type { RawRequest } from './request/parse.ts';

const MOUNT = '/rest/v1';
const WITHOUT_BODY = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS']);

/**
 * The path and the query (without `?`) of the request's URL, cut from its text: the URL arrives normalized (dot
 * segments resolved) and percent-encoded as far as the pipeline's decoding cares, so no URL object is needed.
 */
function pathAndQuery(url: string): { pathname: string; query: string } {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  const hash = url.indexOf('#', start);
  const end = hash < 0 ? url.length : hash;
  const mark = url.indexOf('?', start);
  if (mark < 0 || mark > end) return { pathname: url.slice(start, end), query: '' };
  return { pathname: url.slice(start, mark), query: url.slice(mark + 1, end) };
}

/**
 * The gateway also reads the API key from an `apikey` query parameter and, as Supabase's gateway does, keeps it from
 * the data service: there it would be a filter that does not parse, or a function argument.
 */
function withoutApiKey(query: string): string {
  if (!query.includes('apikey')) return query;
  return query
    .split('&')
    .filter((pair) => pair.split('=')[0] !== 'apikey')
    .join('&');
}

export function restRoutes(deps: Deps): Hono<AppEnv> {
  const service = createRestService(deps);
  const app = new Hono<AppEnv>();
  app.all('*', async (c) => {
    const { pathname, query } = pathAndQuery(c.req.url);
    const raw: RawRequest = {
      method: c.req.method,
      path: pathname.startsWith(MOUNT) ? pathname.slice(MOUNT.length) || '/' : pathname,
      query: withoutApiKey(query),
      headers: headerRecord(c),
      body: WITHOUT_BODY.has(c.req.method) ? '' : await c.req.text(),
    };
    const answer = await service.handle(raw, c.get('apikeyClaims'));
    const headers = withCorsHeaders(c, answer.headers);
    if (!answer.repeatedHeaders) return new Response(answer.body, { status: answer.status, headers });
    // Only a header the database set twice needs Fetch headers, which keep each value on its own line.
    const all = new Headers(headers);
    for (const [name, value] of answer.repeatedHeaders) all.append(name, value);
    return new Response(answer.body, { status: answer.status, headers: all });
  });
  return app;
}
