// Verifying an ID token as GoTrue's OpenID Connect library does: signed by one of the issuer's keys with an algorithm
// it announces, issued by it, not expired (with five minutes' grace for "not before"), and, when the client sends the
// access token issued with it, bound to that token by at_hash.
import { createHash } from 'node:crypto';
import { errors as joseErrors, jwtVerify } from 'jose';
import { OAuthError } from '../oauth-error.ts';
import { discoverIssuer } from './discovery.ts';
import type { OidcProvider } from './providers.ts';
import { userDataFromIdToken, type TokenClaims } from './claims.ts';
import type { ExternalUserData } from '../flows/external-linking.ts';

const NOT_BEFORE_GRACE_SECONDS = 300;
const HASH_OF_ALGORITHM: Record<string, string> = { '256': 'sha256', '384': 'sha384', '512': 'sha512' };

export interface VerifiedIdToken {
  claims: TokenClaims;
  user: ExternalUserData;
}

/** OpenID Connect's at_hash: the left half of the access token's hash, with the hash of the token's algorithm. */
function accessTokenHash(accessToken: string, algorithm: string): string {
  const hash = HASH_OF_ALGORITHM[algorithm.slice(-3)];
  if (!hash || algorithm === 'EdDSA') throw new Error(`at_hash is not defined for ${algorithm}`);
  const digest = createHash(hash).update(accessToken).digest();
  return digest.subarray(0, digest.length / 2).toString('base64url');
}

async function verifiedClaims(provider: OidcProvider, idToken: string, accessToken: string): Promise<TokenClaims> {
  const { keys, algorithms } = await discoverIssuer(provider.issuer, !provider.checkIssuer);
  try {
    const { payload, protectedHeader } = await jwtVerify(idToken, keys, {
      issuer: provider.checkIssuer ? provider.issuer : undefined,
      algorithms,
      requiredClaims: ['exp'],
      clockTolerance: NOT_BEFORE_GRACE_SECONDS,
    });
    // The grace applies to "not before" only: an expired token is refused at once.
    if (payload.exp! * 1000 < Date.now()) throw new joseErrors.JWTExpired('token is expired', payload);
    if (accessToken !== '' && typeof payload.at_hash === 'string') {
      if (accessTokenHash(accessToken, protectedHeader.alg) !== payload.at_hash) {
        throw new Error('access token hash does not match the at_hash claim');
      }
    }
    return payload as TokenClaims;
  } catch (error) {
    throw new OAuthError('invalid request', 'Bad ID token', { cause: error });
  }
}

/** The token's claims and the person it describes; refuses a token that is not valid as GoTrue refuses it. */
export async function verifyIdToken(
  provider: OidcProvider,
  idToken: string,
  accessToken: string,
): Promise<VerifiedIdToken> {
  const claims = await verifiedClaims(provider, idToken, accessToken);
  try {
    return { claims, user: userDataFromIdToken(claims) };
  } catch (error) {
    throw new OAuthError('invalid request', 'Bad ID token', { cause: error });
  }
}
