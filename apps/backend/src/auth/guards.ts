// The route guards: who the bearer token says the caller is, checked as GoTrue checks it.
import type { Context } from 'hono';
import { bearerToken } from '../http/apikey.ts';
import { headerRecord } from '../http/headers.ts';
import { JwtError, type Claims } from '../keys.ts';
import type { AuthDeps, Authenticated, UserHandler } from './context.ts';
import { AuthError, AuthErrors } from './errors.ts';
import { findSession } from './models/sessions.ts';
import { findUserById } from './models/users.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

async function verifiedClaims(c: Context, deps: AuthDeps): Promise<Claims> {
  // From the header record, where the gateway put the JWT an opaque key stands for.
  const token = bearerToken(headerRecord(c).authorization);
  if (!token) throw AuthErrors.noAuthorization();
  try {
    return await deps.keys.verify(token);
  } catch (error) {
    if (error instanceof JwtError) throw AuthErrors.badJwt(error.message);
    throw error;
  }
}

/** A user's access token whose user and session still exist. */
export async function authenticateUser(c: Context, deps: AuthDeps): Promise<Authenticated> {
  const claims = await verifiedClaims(c, deps);
  if (!claims.sub) throw AuthErrors.badJwt('invalid claim: missing sub claim');
  if (!UUID.test(claims.sub)) {
    throw new AuthError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  }
  const user = await findUserById(deps.db, claims.sub);
  if (!user) throw AuthErrors.userFromTokenNotFound();
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : '';
  if (sessionId === '' || sessionId === NIL_UUID) return { claims, user, session: undefined };
  if (!UUID.test(sessionId)) throw AuthErrors.badJwt('invalid claim: session_id claim must be a UUID');
  const session = await findSession(deps.db, sessionId);
  if (!session) throw AuthErrors.sessionNotFound();
  return { claims, user, session };
}

/** A token whose role is service_role (or supabase_admin), as the admin API requires. */
export async function authenticateAdmin(c: Context, deps: AuthDeps): Promise<Claims> {
  const claims = await verifiedClaims(c, deps);
  if (!ADMIN_ROLES.has(String(claims.role))) throw AuthErrors.notAdmin();
  return claims;
}

/** GoTrue's requireNotAnonymous: an anonymous user may not enrol factors or register passkeys. */
export function notAnonymous(handler: UserHandler): UserHandler {
  return (c, deps, auth) => {
    if (auth.claims.is_anonymous === true) throw AuthErrors.anonymousNotAllowed();
    return handler(c, deps, auth);
  };
}
