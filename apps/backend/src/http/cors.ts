// CORS for the browser client: the web app's origins (site_url and the additional redirect URLs) may call the API.
import { cors } from 'hono/cors';
import type { Config } from '../config.ts';

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

export function corsFor(config: Config) {
  const allowed = origins(config);
  return cors({
    origin: (origin) => (allowed.includes(origin) ? origin : null),
    allowHeaders: [
      'authorization', 'apikey', 'content-type', 'content-profile', 'accept-profile', 'prefer', 'range',
      'range-unit', 'x-client-info', 'x-supabase-api-version', 'x-upsert', 'cache-control', 'x-retry-count',
    ],
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    exposeHeaders: ['content-range', 'content-location', 'location', 'x-supabase-api-version', 'preference-applied', 'range-unit'],
    credentials: true,
    maxAge: 3600,
  });
}
