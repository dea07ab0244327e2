// Who a request runs as: the role and claims of the `Authorization: Bearer` JWT when there is one, else those of the
// apikey (already verified by the gateway). A bad or expired bearer token is refused as PostgREST refuses it.
import type { Claims, Keys } from '../keys.ts';
import { DbError } from '../db/types.ts';
import { jwtClaimsError, jwtDecodeError } from './errors.ts';
import { verifyCached } from './jwt-cache.ts';
import { fromDbError } from './pg-errors.ts';
import type { SchemaCache } from './schema/types.ts';

export interface RequestAuth {
  role: string;
  claims: Claims;
  /** Whether the role is other than the anonymous one; decides 401 versus 403 on missing privileges. */
  authenticated: boolean;
}

const ANON_ROLE = 'anon';

function toAuth(claims: Claims): RequestAuth {
  const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : ANON_ROLE;
  return { role, claims, authenticated: role !== ANON_ROLE };
}

/** PostgREST's wording for each way a token fails. */
function describeFailure(reason: string): Error {
  if (reason.includes('expired')) return jwtClaimsError('JWT expired');
  if (reason.includes('no suitable key')) return jwtDecodeError('No suitable key or wrong key type');
  if (reason.includes('malformed')) return jwtDecodeError("JWT couldn't be decoded");
  return jwtDecodeError('JWT cryptographic operation failed');
}

export async function authenticate(
  keys: Keys,
  authorization: string | undefined,
  apikeyClaims: Claims,
): Promise<RequestAuth> {
  const match = /^bearer(?:\s+(.*))?$/i.exec(authorization?.trim() ?? '');
  if (!match) return toAuth(apikeyClaims);
  const token = (match[1] ?? '').trim();
  if (token === '') throw jwtDecodeError('Empty JWT is sent in Authorization header');
  const parts = token.split('.').length;
  if (parts !== 3) throw jwtDecodeError(`Expected 3 parts in JWT; got ${parts}`);
  try {
    return toAuth(await verifyCached(keys, token));
  } catch (error) {
    throw describeFailure((error as Error).message ?? '');
  }
}

/**
 * Only roles granted to the authenticator role may be switched to; others fail as switching to them fails in
 * PostgREST: an unknown role with 22023 (401), a role not granted with 42501 (401 anonymous, 403 otherwise).
 */
export function assertRoleAllowed(auth: RequestAuth, roles: SchemaCache['roles']): void {
  if (roles.allowed.has(auth.role)) return;
  const quoted = `"${auth.role}"`;
  const error = roles.known.has(auth.role)
    ? new DbError(`permission denied to set role ${quoted}`, '42501')
    : new DbError(`role ${quoted} does not exist`, '22023');
  throw fromDbError(error, auth.authenticated);
}
