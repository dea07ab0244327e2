// OpenID Connect discovery: an issuer's signing keys and algorithms, read from <issuer>/.well-known/openid-configuration
// and kept for an hour (GoTrue's cache time). jose fetches the key set, keeps it, and fetches it again when a token
// names a key it has not seen (the issuer rotated its keys).
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';

const CACHE_MS = 3_600_000;
/** GoTrue's default time limit for its calls to providers. */
const TIMEOUT_MS = 10_000;
/** The algorithms GoTrue's OpenID Connect library verifies. */
const SUPPORTED_ALGORITHMS = new Set([
  'RS256',
  'RS384',
  'RS512',
  'ES256',
  'ES384',
  'ES512',
  'PS256',
  'PS384',
  'PS512',
  'EdDSA',
]);

export interface DiscoveredIssuer {
  keys: JWTVerifyGetKey;
  algorithms: string[];
  /** Where a browser signs in and where its authorization code is exchanged (the redirect flow). */
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
}

const cache = new Map<string, { expiresAt: number; discovered: Promise<DiscoveredIssuer> }>();

async function fetchDiscovery(issuer: string, acceptOtherIssuer: boolean): Promise<DiscoveredIssuer> {
  const address = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const response = await fetch(address, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`OpenID discovery at ${address} answered ${response.status}`);
  const document = (await response.json()) as {
    issuer?: unknown;
    jwks_uri?: unknown;
    id_token_signing_alg_values_supported?: unknown;
    authorization_endpoint?: unknown;
    token_endpoint?: unknown;
  };
  if (!acceptOtherIssuer && document.issuer !== issuer) {
    throw new Error(`OpenID discovery at ${address} names issuer ${String(document.issuer)}, not ${issuer}`);
  }
  if (typeof document.jwks_uri !== 'string') throw new Error(`OpenID discovery at ${address} has no jwks_uri`);
  const offered = Array.isArray(document.id_token_signing_alg_values_supported)
    ? document.id_token_signing_alg_values_supported.filter((alg): alg is string => SUPPORTED_ALGORITHMS.has(alg))
    : [];
  return {
    keys: createRemoteJWKSet(new URL(document.jwks_uri), { timeoutDuration: TIMEOUT_MS }),
    algorithms: offered.length > 0 ? offered : ['RS256'],
    authorizationEndpoint:
      typeof document.authorization_endpoint === 'string' ? document.authorization_endpoint : undefined,
    tokenEndpoint: typeof document.token_endpoint === 'string' ? document.token_endpoint : undefined,
  };
}

/**
 * The issuer's keys and algorithms. `acceptOtherIssuer` is for Apple, whose tokens may name another of its issuers
 * than the discovery document does.
 */
export function discoverIssuer(issuer: string, acceptOtherIssuer = false): Promise<DiscoveredIssuer> {
  const key = `${acceptOtherIssuer}:${issuer}`;
  const cached = cache.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.discovered;
  const discovered = fetchDiscovery(issuer, acceptOtherIssuer);
  cache.set(key, { expiresAt: Date.now() + CACHE_MS, discovered });
  // A failed discovery is not kept: the next sign-in tries again.
  discovered.catch(() => {
    if (cache.get(key)?.discovered === discovered) cache.delete(key);
  });
  return discovered;
}
