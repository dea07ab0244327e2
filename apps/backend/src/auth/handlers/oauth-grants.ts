// The signed-in user's grants to OAuth clients (GET and DELETE /user/oauth/grants), the authorization server's
// metadata (RFC 8414), and the switch that makes every OAuth server route answer 404 while [auth.oauth_server] is off.
import type { Context } from 'hono';
import type { AuthDeps, OpenHandler, UserHandler } from '../context.ts';
import { AuthError } from '../errors.ts';
import { findActiveConsent, listActiveConsents, revokeConsent } from '../models/oauth-authorizations.ts';
import { findOAuthClient } from '../models/oauth-clients.ts';
import { parseScopes } from '../oauth-server/requests.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GoTrue's requireOAuthServerEnabled, checked after the route's own authentication, as GoTrue orders them. */
export function whenOAuthServer<R extends unknown[]>(
  handler: (c: Context, deps: AuthDeps, ...rest: R) => Promise<Response>,
): (c: Context, deps: AuthDeps, ...rest: R) => Promise<Response> {
  return (c, deps, ...rest) => {
    if (!deps.settings.oauthServer.enabled) throw new AuthError(404, 'feature_disabled', 'OAuth server is disabled');
    return handler(c, deps, ...rest);
  };
}

export const listGrants: UserHandler = async (c, deps, { user }) => {
  const consents = await listActiveConsents(deps.db, user.id);
  const grants = await Promise.all(
    consents.map(async (consent) => {
      const client = await findOAuthClient(deps.db, consent.client_id);
      return {
        client: {
          id: consent.client_id,
          name: client?.client_name ?? undefined,
          uri: client?.client_uri ?? undefined,
          logo_uri: client?.logo_uri ?? undefined,
        },
        scopes: parseScopes(consent.scopes),
        granted_at: consent.granted_at,
      };
    }),
  );
  return c.json(grants);
};

export const revokeGrant: UserHandler = async (c, deps, { user }) => {
  const clientId = c.req.query('client_id') ?? '';
  if (clientId === '') throw new AuthError(400, 'validation_failed', 'client_id query parameter is required');
  if (!UUID.test(clientId)) throw new AuthError(400, 'validation_failed', 'invalid client_id format');
  if (!(await findActiveConsent(deps.db, user.id, clientId))) {
    throw new AuthError(404, 'oauth_consent_not_found', 'No active grant found for this client');
  }
  await deps.db.transaction((tx) => revokeConsent(tx, user.id, clientId));
  return c.body(null, 204);
};

export const authorizationServerMetadata: OpenHandler = async (c, deps) => {
  const issuer = deps.settings.externalUrl;
  return c.json({
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    registration_endpoint: deps.settings.oauthServer.dynamicRegistration
      ? `${issuer}/oauth/clients/register`
      : undefined,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    code_challenge_methods_supported: ['S256', 'plain'],
  });
};
