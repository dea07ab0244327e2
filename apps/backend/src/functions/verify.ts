// The `verify_jwt` check the platform runs before a function: the bearer token must be signed by a key of this project
// (its expiry checked when it has one; role and expiry are not required), or be one of the project's API keys. Without
// an Authorization header, a key in `apikey` passes, as Supabase accepts publishable and secret keys on either header.
import { decodeProtectedHeader } from 'jose';
import { isOpaqueKey, jwtForOpaqueKey } from '../api-keys.ts';
import type { Keys } from '../keys.ts';
import { verifyCached } from '../rest/jwt-cache.ts';
import type { FunctionErrorName } from './errors.ts';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Why a JWT that did not verify was refused, by the family of its algorithm (the code Supabase reports). */
function invalidJwt(token: string): FunctionErrorName {
  let algorithm: string | undefined;
  try {
    algorithm = decodeProtectedHeader(token).alg;
  } catch {
    return 'invalidJwtFormat';
  }
  if (algorithm === 'HS256') return 'invalidLegacyJwt';
  if (algorithm === 'ES256' || algorithm === 'RS256') return 'invalidAsymmetricJwt';
  return 'unsupportedAlgorithm';
}

async function checkToken(keys: Keys, token: string): Promise<FunctionErrorName | undefined> {
  if (isOpaqueKey(token)) return jwtForOpaqueKey(keys, token) ? undefined : 'invalidJwtFormat';
  try {
    await verifyCached(keys, token);
    return undefined;
  } catch {
    return invalidJwt(token);
  }
}

/** The refusal for this request's credentials, or undefined when the function may run. */
export async function refusalFor(
  keys: Keys,
  authorization: string | undefined,
  apikey: string | undefined,
): Promise<FunctionErrorName | undefined> {
  if (authorization !== undefined) {
    const token = BEARER.exec(authorization)?.[1];
    return token ? checkToken(keys, token) : 'invalidJwtFormat';
  }
  if (apikey) return checkToken(keys, apikey);
  return 'missingAuthorization';
}
