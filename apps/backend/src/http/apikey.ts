// Every API route requires a valid `apikey`, as the Supabase gateway does. The key is a JWT signed by one of the
// server's keys; its role is what a request without an Authorization header runs as.
import type { MiddlewareHandler } from 'hono';
import type { Keys } from '../keys.ts';
import { verifyCached } from '../rest/jwt-cache.ts';
import type { AppEnv } from './env.ts';
import { headerRecord } from './headers.ts';

export function requireApiKey(keys: Keys): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const apikey = headerRecord(c).apikey ?? c.req.query('apikey');
    if (!apikey) {
      return c.json(
        { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' },
        401,
      );
    }
    try {
      c.set('apikeyClaims', await verifyCached(keys, apikey));
    } catch {
      return c.json(
        { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' },
        401,
      );
    }
    await next();
  };
}

/** The bearer token of the request, if any (`Authorization: Bearer <jwt>`). */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
