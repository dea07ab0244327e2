// The gateway in front of every service, as the Supabase CLI's: a request without `apikey` or Authorization runs
// as anon; an opaque key (sb_publishable_…, sb_secret_…) is swapped for the JWT of its role in Authorization, so the
// services see the same claims as with the legacy keys; a key or token that is not valid is refused. Services read
// Authorization from the header record (headers.ts), where the swap is made.
import type { MiddlewareHandler } from 'hono';
import { isOpaqueKey, jwtForOpaqueKey } from '../api-keys.ts';
import type { Claims, Keys } from '../keys.ts';
import { verifyCached } from '../rest/jwt-cache.ts';
import type { AppEnv } from './env.ts';
import { headerRecord } from './headers.ts';

/**
 * The prefixes the gateway guards; anything mounted under one of them gets the same rules. `/functions/v1` is not
 * among them: as behind Supabase's gateway, a function's caller needs no apikey, and the functions platform checks the
 * bearer itself (verify_jwt), refusing with its own relay errors (functions/verify.ts).
 */
export const SERVICE_PREFIXES = ['/auth/v1', '/rest/v1', '/storage/v1', '/realtime/v1'] as const;

const OPAQUE_BEARER = /^Bearer\s+(sb_\S*)\s*$/i;

class InvalidApiKey extends Error {}

/** The JWT behind `key`: itself, or the one an opaque key stands for; refuses a key that is neither. */
async function resolveKey(keys: Keys, key: string): Promise<{ jwt: string; claims: Claims }> {
  const jwt = isOpaqueKey(key) ? jwtForOpaqueKey(keys, key) : key;
  if (!jwt) throw new InvalidApiKey();
  try {
    return { jwt, claims: await verifyCached(keys, jwt) };
  } catch {
    throw new InvalidApiKey();
  }
}

export function apiKeyGateway(keys: Keys): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const headers = headerRecord(c);
    const apikey = headers.apikey ?? c.req.query('apikey');
    const opaqueBearer = OPAQUE_BEARER.exec(headers.authorization ?? '')?.[1];
    try {
      // No key at all: the anonymous role with no claims, as PostgREST runs a request without a JWT.
      const resolved = apikey ? await resolveKey(keys, apikey) : undefined;
      c.set('apikeyClaims', resolved?.claims ?? {});
      if (opaqueBearer !== undefined) {
        // supabase-js sends an opaque key as the bearer too; it stands for the JWT of its role, never for a user.
        const bearer = resolved && isOpaqueKey(apikey!) ? resolved : await resolveKey(keys, opaqueBearer);
        headers.authorization = `Bearer ${bearer.jwt}`;
      } else if (headers.authorization === undefined && resolved && isOpaqueKey(apikey!)) {
        headers.authorization = `Bearer ${resolved.jwt}`;
      }
    } catch (error) {
      if (!(error instanceof InvalidApiKey)) throw error;
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
