// The data service (PostgREST-compatible), mounted at /rest/v1: every path and method goes through the pipeline.
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { createRestService } from './pipeline.ts';
import type { RawRequest } from './request/parse.ts';

const MOUNT = '/rest/v1';
const WITHOUT_BODY = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS']);

export function restRoutes(deps: Deps): Hono<AppEnv> {
  const service = createRestService(deps);
  const app = new Hono<AppEnv>();
  app.all('*', async (c) => {
    const url = new URL(c.req.url);
    const headers: Record<string, string> = {};
    c.req.raw.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    const raw: RawRequest = {
      method: c.req.method,
      path: url.pathname.startsWith(MOUNT) ? url.pathname.slice(MOUNT.length) || '/' : url.pathname,
      query: url.search.replace(/^\?/, ''),
      headers,
      body: WITHOUT_BODY.has(c.req.method) ? '' : await c.req.text(),
    };
    return service.handle(raw, c.get('apikeyClaims'));
  });
  return app;
}
