// CORS for the browser client: the web app's origins (site_url and the additional redirect URLs) may call the API.
import type { Context, MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { Config } from '../config.ts';
import type { AppEnv } from './env.ts';

function origins(config: Config): string[] {
  const urls = [config.project.auth.site_url, ...config.project.auth.additional_redirect_urls];
  const list = new Set<string>();
  for (const url of urls) {
    try {
      const origin = new URL(url).origin;
      list.add(origin);
      // The same page reached as localhost or 127.0.0.1 is the same web app.
      list.add(origin.replace('//127.0.0.1', '//localhost'));
      list.add(origin.replace('//localhost', '//127.0.0.1'));
    } catch {
      // An entry that is a pattern rather than a URL allows redirects, not origins.
    }
  }
  return [...list];
}

const EXPOSE_HEADERS = [
  'content-range',
  'content-location',
  'location',
  'x-supabase-api-version',
  'preference-applied',
  'range-unit',
  // Resumable uploads: where an upload continues, and how far it got.
  'upload-offset',
  'upload-length',
  'upload-metadata',
  'upload-expires',
  'tus-resumable',
  'tus-version',
  'tus-max-size',
  'tus-extension',
  'etag',
].join(',');

/**
 * CORS headers go on each response once its handler is done. Hono's own middleware puts them on a response made in
 * advance and merges that into the handler's, rebuilding it around a body stream: more work than a small read itself.
 * A handler that writes its headers as a record adds them with `withCorsHeaders`. Hono's middleware answers preflights.
 */
export function corsFor(config: Config): MiddlewareHandler<AppEnv> {
  const allowed = new Set(origins(config));
  const preflight = cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    // No list: the headers a preflight asks for are allowed, as Kong's cors plugin allows them in front of
    // Supabase, so a function's own headers (x-region, or any the app sends) reach it from the web app's origins.
    allowHeaders: [],
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    exposeHeaders: EXPOSE_HEADERS.split(','),
    credentials: true,
    maxAge: 3600,
  });
  // The headers of a response to each allowed origin, and to any other request; built once, only ever read.
  const common = {
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': EXPOSE_HEADERS,
    vary: 'Origin',
  };
  const byOrigin = new Map(
    [...allowed].map((origin) => [origin, { 'access-control-allow-origin': origin, ...common }]),
  );
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    const origin = c.req.header('origin');
    const headers: Record<string, string> = (origin !== undefined && byOrigin.get(origin)) || common;
    c.set('corsHeaders', headers);
    await next();
    if (c.get('corsHeadersTaken')) return;
    // The response's own headers, not c.header(), which would rebuild the finished response the same way.
    const target = c.res.headers;
    for (const [name, value] of Object.entries(headers)) {
      if (name === 'vary') target.append(name, value);
      else target.set(name, value);
    }
  };
}

/** Adds this request's CORS headers to a handler's own `headers`, which the middleware then leaves out. */
export function withCorsHeaders(c: Context<AppEnv>, headers: Record<string, string>): Record<string, string> {
  const cors = c.get('corsHeaders') as Record<string, string> | undefined;
  if (!cors) return headers;
  c.set('corsHeadersTaken', true);
  const vary = headers.vary;
  Object.assign(headers, cors);
  if (vary !== undefined) headers.vary = `${vary}, ${cors.vary}`;
  return headers;
}
