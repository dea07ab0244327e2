// The OAuth 2.1 authorization endpoints as GoTrue serves them: GET /oauth/authorize (the client sends the browser;
// the request is stored and the browser goes on to the site's consent page), GET /oauth/authorizations/{id} (the
// consent page reads it; an earlier consent covering its scopes approves it at once) and POST .../consent.
import type { Context } from 'hono';
import { z } from 'zod';
import type { AuthDeps, OpenHandler, UserHandler } from '../context.ts';
import { AuthError } from '../errors.ts';
import {
  approveAuthorization,
  findActiveConsent,
  findAuthorization,
  insertAuthorization,
  setAuthorizationStatus,
  setAuthorizationUser,
  upsertConsent,
  type AuthorizationRow,
} from '../models/oauth-authorizations.ts';
import { findOAuthClient } from '../models/oauth-clients.ts';
import type { UserRow } from '../models/users.ts';
import { authorizeRequestProblem, clientRedirect, newAuthorizationId, parseScopes } from '../oauth-server/requests.ts';
import { isRedirectAllowed } from '../redirect.ts';
import { readJson, text } from '../request.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const invalid = (message: string) => new AuthError(400, 'validation_failed', message);
const notFound = () => new AuthError(404, 'oauth_authorization_not_found', 'authorization not found');

export const oauthAuthorize: OpenHandler = async (c, deps) => {
  const q = (name: string) => c.req.query(name) ?? '';
  if (q('client_id') === '') throw invalid('client_id is required');
  if (q('redirect_uri') === '') throw invalid('redirect_uri is required');
  if (!UUID.test(q('client_id'))) throw new AuthError(400, 'oauth_client_not_found', 'invalid client_id format');
  const client = await findOAuthClient(deps.db, q('client_id'));
  if (!client) throw new AuthError(400, 'oauth_client_not_found', 'invalid client_id');
  // An unregistered redirect URI is not trusted with a redirect, per the OAuth specification.
  if (!client.redirect_uris.includes(q('redirect_uri'))) throw invalid('invalid redirect_uri');

  const request = {
    responseType: q('response_type') || 'code',
    scope: q('scope') || deps.settings.oauthServer.defaultScope,
    resource: q('resource'),
    codeChallenge: q('code_challenge'),
    codeChallengeMethod: q('code_challenge_method'),
  };
  const problem = authorizeRequestProblem(request);
  if (problem) {
    const values = { error: 'invalid_request', error_description: problem, state: q('state') };
    return c.redirect(clientRedirect(q('redirect_uri'), values), 302);
  }
  const authorizationId = newAuthorizationId();
  await insertAuthorization(
    deps.db,
    {
      ...request,
      clientId: client.id,
      redirectUri: q('redirect_uri'),
      state: q('state'),
      nonce: q('nonce'),
      ttlSeconds: deps.settings.oauthServer.authorizationTtlSeconds,
    },
    authorizationId,
  );
  return c.redirect(`${deps.settings.oauthServer.consentUrl}?authorization_id=${authorizationId}`, 302);
};

/** The consent page is the site's: a browser's request from any other origin is refused. */
function checkOrigin(c: Context, deps: AuthDeps): void {
  const origin = c.req.header('origin');
  if (origin && !isRedirectAllowed(deps.settings, origin)) throw invalid('unauthorized request origin');
}

/** A pending, unexpired request (an expired one is marked so and reported as not found). */
async function pendingAuthorization(c: Context, deps: AuthDeps): Promise<AuthorizationRow> {
  const id = c.req.param('authorization_id') ?? '';
  if (id === '') throw invalid('authorization_id is required');
  const authorization = await findAuthorization(deps.db, id);
  if (!authorization) throw notFound();
  if (authorization.expired) {
    await setAuthorizationStatus(deps.db, authorization.id, 'expired');
    throw notFound();
  }
  if (authorization.status !== 'pending') throw invalid('authorization request cannot be processed');
  return authorization;
}

const successRedirect = (authorization: AuthorizationRow, code: string) =>
  clientRedirect(authorization.redirect_uri, { code, state: authorization.state });

async function detailsJson(deps: AuthDeps, authorization: AuthorizationRow, user: UserRow) {
  const client = await findOAuthClient(deps.db, authorization.client_id);
  return {
    authorization_id: authorization.authorization_id,
    redirect_uri: authorization.redirect_uri,
    client: {
      id: authorization.client_id,
      name: client?.client_name ?? undefined,
      uri: client?.client_uri ?? undefined,
      logo_uri: client?.logo_uri ?? undefined,
    },
    user: { id: user.id, email: user.email || undefined },
    scope: authorization.scope,
  };
}

export const getAuthorization: UserHandler = async (c, deps, { user }) => {
  checkOrigin(c, deps);
  const authorization = await pendingAuthorization(c, deps);
  if (authorization.user_id === null) {
    const code = await deps.db.transaction(async (tx) => {
      await setAuthorizationUser(tx, authorization.id, user.id);
      const consent = await findActiveConsent(tx, user.id, authorization.client_id);
      const granted = parseScopes(consent?.scopes ?? '');
      const covered = consent && parseScopes(authorization.scope).every((scope) => granted.includes(scope));
      return covered ? approveAuthorization(tx, authorization.id) : undefined;
    });
    if (code) return c.json({ redirect_url: successRedirect(authorization, code) });
  } else if (authorization.user_id !== user.id) {
    throw notFound();
  }
  return c.json(await detailsJson(deps, authorization, user));
};

const ConsentBody = z.object({ action: text });

export const consentToAuthorization: UserHandler = async (c, deps, { user }) => {
  checkOrigin(c, deps);
  const body = await readJson(c, ConsentBody);
  if (body.action !== 'approve' && body.action !== 'deny') throw invalid("action must be 'approve' or 'deny'");
  const found = await pendingAuthorization(c, deps);
  if (found.user_id !== user.id) throw notFound();
  const redirectUrl = await deps.db.transaction(async (tx) => {
    const authorization = await findAuthorization(tx, found.authorization_id, true);
    if (!authorization || authorization.expired) throw notFound();
    if (authorization.status !== 'pending') throw invalid('authorization request is no longer pending');
    if (body.action === 'deny') {
      await setAuthorizationStatus(tx, authorization.id, 'denied');
      const values = {
        error: 'access_denied',
        error_description: 'User denied the request',
        state: authorization.state,
      };
      return clientRedirect(authorization.redirect_uri, values);
    }
    const code = await approveAuthorization(tx, authorization.id);
    await upsertConsent(tx, user.id, authorization.client_id, parseScopes(authorization.scope).join(' '));
    return successRedirect(authorization, code);
  });
  return c.json({ redirect_url: redirectUrl });
};
