// The data service (PostgREST-compatible), mounted at /rest/v1.
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';

export function restRoutes(_deps: Deps): Hono<AppEnv> {
  return new Hono<AppEnv>();
}
