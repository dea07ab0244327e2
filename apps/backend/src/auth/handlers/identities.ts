// The signed-in user's identities (GoTrue's manual linking, on with [auth] enable_manual_linking): start linking an
// OAuth identity (GET /user/identities/authorize) and unlink one (DELETE /user/identities/{identity_id}).
import type { Context } from 'hono';
import type { UserHandler } from '../context.ts';
import { AuthError, AuthErrors } from '../errors.ts';
import { startExternalRedirect } from '../flows/external-redirect.ts';
import { unlinkIdentity } from '../flows/identity-linking.ts';
import { findIdentities } from '../models/identities.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Guards the /user/identities routes, after authentication, as GoTrue's requireManualLinkingEnabled does. */
export function requireManualLinking(handler: UserHandler): UserHandler {
  return (c, deps, auth) => {
    if (!deps.settings.manualLinkingEnabled) throw AuthErrors.manualLinkingDisabled();
    return handler(c, deps, auth);
  };
}

/** The audience the request asks for (X-JWT-AUD), else the server's, which the token must carry. */
function checkAudience(c: Context, aud: unknown): void {
  const requested = c.req.header('x-jwt-aud') || 'authenticated';
  const first = Array.isArray(aud) ? aud[0] : aud;
  if (first !== requested) {
    throw new AuthError(403, 'unexpected_audience', "Token audience doesn't match request audience");
  }
}

export const linkIdentity: UserHandler = async (c, deps, { user }) => {
  const url = await startExternalRedirect(c, deps, user.id);
  if (c.req.query('skip_http_redirect') === 'true') return c.json({ url });
  return c.redirect(url, 302);
};

export const deleteIdentity: UserHandler = async (c, deps, { user, claims }) => {
  const id = c.req.param('identity_id') ?? '';
  if (!UUID.test(id)) throw new AuthError(404, 'validation_failed', 'identity_id must be an UUID');
  checkAudience(c, claims.aud);
  const identities = await findIdentities(deps.db, user.id);
  if (identities.length <= 1) {
    throw new AuthError(422, 'single_identity_not_deletable', 'User must have at least 1 identity after unlinking');
  }
  const identity = identities.find((candidate) => candidate.id.toLowerCase() === id.toLowerCase());
  if (!identity) throw new AuthError(422, 'identity_not_found', "Identity doesn't exist");
  await deps.db.transaction((tx) => unlinkIdentity(tx, user, identity));
  return c.json({});
};
