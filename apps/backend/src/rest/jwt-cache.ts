// Verified tokens, remembered by their exact text so a client sending the same JWT again skips the signature check
// (PostgREST keeps such a cache too). An entry lives until the token expires or a minute passes, whichever is
// first; only successful verifications are kept, and the cache is bounded.
import type { Claims, Keys } from '../keys.ts';

const MAX_ENTRIES = 1000;
const MAX_AGE_MS = 60_000;

interface Entry {
  claims: Claims;
  until: number;
}

const caches = new WeakMap<Keys, Map<string, Entry>>();

export async function verifyCached(keys: Keys, token: string): Promise<Claims> {
  let cache = caches.get(keys);
  if (!cache) caches.set(keys, (cache = new Map()));
  const now = Date.now();
  const hit = cache.get(token);
  if (hit && hit.until > now) return hit.claims;
  if (hit) cache.delete(token);
  const claims = await keys.verify(token);
  const expires = typeof claims.exp === 'number' ? claims.exp * 1000 : Infinity;
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(token, { claims, until: Math.min(expires, now + MAX_AGE_MS) });
  return claims;
}

/** Forgets what was verified with `keys`: after a key is retired its tokens must be refused at once. */
export function forgetVerified(keys: Keys): void {
  caches.delete(keys);
}
