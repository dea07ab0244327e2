// POST /oauth/token: an authenticated client exchanges an authorization code (with its PKCE verifier) or a refresh
// token of a session it holds, answered as GoTrue's OAuth server answers, refusals in OAuth's {error,
// error_description} form.
import type { Context } from 'hono';
import { userAgentOf, type AuthDeps, type OpenHandler } from '../context.ts';
import { AuthError, AuthErrors } from '../errors.ts';
import { deleteAuthorization, findApprovedAuthorizationByCode } from '../models/oauth-authorizations.ts';
import type { OAuthClientRow } from '../models/oauth-clients.ts';
import {
  activeRefreshToken,
  findRefreshTokenForUpdate,
  insertRefreshToken,
  revokeRefreshToken,
} from '../models/refresh-tokens.ts';
import { deleteSession, findSession, recordRefresh, sessionClientId } from '../models/sessions.ts';
import { findUserById, isBanned } from '../models/users.ts';
import { OAuthError, oauthErrorBody } from '../oauth-error.ts';
import { authenticateClient } from '../oauth-server/client-auth.ts';
import { idToken, issueClientSession, oauthTokenJson } from '../oauth-server/tokens.ts';
import { codeChallengeOf } from '../secrets.ts';
import { sessionResponse, TOKEN_REFRESH_METHOD } from '../tokens.ts';

type Params = Record<string, string>;

async function readParams(c: Context): Promise<Params> {
  const raw = await c.req.text();
  if ((c.req.header('content-type') ?? '').includes('application/json')) {
    try {
      const parsed = JSON.parse(raw) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(parsed ?? {}).filter(([, v]) => typeof v === 'string')) as Params;
    } catch {
      throw new OAuthError('invalid_request', 'Invalid JSON body');
    }
  }
  return Object.fromEntries(new URLSearchParams(raw));
}

function verifyPkce(challenge: string | null, method: string | null, verifier: string): void {
  if (!challenge) return;
  if (verifier === '') {
    throw new OAuthError(
      'invalid_grant',
      'PKCE verification failed: code_verifier is required when PKCE challenge is present',
    );
  }
  if (codeChallengeOf(verifier, method === 'plain' ? 'plain' : 's256') !== challenge) {
    throw new OAuthError(
      'invalid_grant',
      'PKCE verification failed: code challenge does not match previously saved code verifier',
    );
  }
}

async function authorizationCodeGrant(c: Context, deps: AuthDeps, client: OAuthClientRow, params: Params) {
  const code = params.code ?? '';
  if (code === '') throw new OAuthError('invalid_request', 'code is required for authorization_code grant');
  return deps.db.transaction(async (tx) => {
    const authorization = await findApprovedAuthorizationByCode(tx, code);
    if (!authorization) throw new OAuthError('invalid_grant', 'Invalid authorization code');
    if (authorization.expired) throw new OAuthError('invalid_grant', 'Authorization code has expired');
    if (authorization.client_id !== client.id) {
      throw new OAuthError('invalid_grant', 'Authorization code was not issued for this client');
    }
    if (params.resource && params.resource !== (authorization.resource ?? '')) {
      throw new OAuthError('invalid_grant', 'Authorization code resource does not match the resource parameter');
    }
    if (params.redirect_uri && params.redirect_uri !== authorization.redirect_uri) {
      throw new OAuthError('invalid_grant', 'Invalid redirect_uri');
    }
    verifyPkce(authorization.code_challenge, authorization.code_challenge_method, params.code_verifier ?? '');
    const user = authorization.user_id ? await findUserById(tx, authorization.user_id) : undefined;
    if (!user) throw new OAuthError('invalid_grant', 'User not found for authorization code');
    if (isBanned(user)) throw new OAuthError('access_denied', 'User is banned');
    const grant = { clientId: client.id, scope: authorization.scope, userAgent: userAgentOf(c) };
    const session = await issueClientSession(tx, deps, user, grant);
    // An authorization code is good for one exchange.
    await deleteAuthorization(tx, authorization.id);
    const token = oauthTokenJson(session);
    if (!authorization.scope.split(' ').includes('openid')) return token;
    return { ...token, id_token: await idToken(deps, user, { ...grant, nonce: authorization.nonce }) };
  });
}

async function refreshTokenGrant(c: Context, deps: AuthDeps, client: OAuthClientRow, params: Params) {
  const presentedToken = params.refresh_token ?? '';
  if (presentedToken === '')
    throw new OAuthError('invalid_request', 'refresh_token is required for refresh_token grant');
  const outcome = await deps.db.transaction(async (tx) => {
    const presented = await findRefreshTokenForUpdate(tx, presentedToken);
    const session = presented?.session_id ? await findSession(tx, presented.session_id) : undefined;
    // A session the client does not hold is not its to refresh.
    const holder = session ? await sessionClientId(tx, session.id) : null;
    if (!presented || !session || holder !== client.id) throw AuthErrors.refreshTokenNotFound();
    const user = await findUserById(tx, presented.user_id);
    if (!user) throw AuthErrors.refreshTokenNotFound();
    if (isBanned(user)) throw AuthErrors.userBanned('Invalid Refresh Token: User Banned');
    let issued: string;
    if (presented.revoked) {
      const active = await activeRefreshToken(tx, session.id);
      const withinReuse = presented.updated_ms + deps.settings.refreshTokenReuseIntervalSeconds * 1000 > Date.now();
      if (!withinReuse || !active) {
        await deleteSession(tx, session.id);
        return AuthErrors.refreshTokenAlreadyUsed();
      }
      issued = active.token;
    } else {
      await revokeRefreshToken(tx, presented.id);
      issued = await insertRefreshToken(tx, { userId: user.id, sessionId: session.id, parent: presented.token });
    }
    await recordRefresh(tx, session.id, userAgentOf(c));
    return oauthTokenJson(await sessionResponse(tx, deps, user, session.id, issued, TOKEN_REFRESH_METHOD));
  });
  // A leaked token's session is ended (committed) before the refusal is sent.
  if (outcome instanceof AuthError) throw outcome;
  return outcome;
}

export const oauthToken: OpenHandler = async (c, deps) => {
  const params = await readParams(c);
  const client = await authenticateClient(deps.db, c.req.header('authorization'), params);
  try {
    const grantType = params.grant_type ?? '';
    if (grantType === '') throw new OAuthError('invalid_request', 'grant_type is required');
    if (!client) throw new OAuthError('invalid_client', 'Client authentication required');
    if (!client.grant_types.includes(grantType)) {
      throw new OAuthError('unsupported_grant_type', `Client is not allowed to use grant type: ${grantType}`);
    }
    if (grantType === 'authorization_code') return c.json(await authorizationCodeGrant(c, deps, client, params));
    if (grantType === 'refresh_token') return c.json(await refreshTokenGrant(c, deps, client, params));
    throw new OAuthError('unsupported_grant_type', `Unsupported grant type: ${grantType}`);
  } catch (error) {
    if (error instanceof OAuthError) return c.json(oauthErrorBody(error), 400);
    throw error;
  }
};
