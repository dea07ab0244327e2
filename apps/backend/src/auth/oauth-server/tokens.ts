// What POST /oauth/token hands a client, as GoTrue's OAuth server does: a session the client holds (its access token
// names the client in client_id), answered without the user object; with the openid scope, an OpenID Connect ID
// token for the client.
import type { Queryable } from '../../db/types.ts';
import type { AuthDeps } from '../context.ts';
import { assignSessionToClient } from '../models/sessions.ts';
import type { UserRow } from '../models/users.ts';
import { sessionResponse, startSession, type SessionResponse } from '../tokens.ts';
import { parseScopes } from './requests.ts';

export interface OAuthTokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  refresh_token: string;
  id_token?: string;
}

export const oauthTokenJson = (session: SessionResponse): OAuthTokenResponse => ({
  access_token: session.access_token,
  token_type: session.token_type,
  expires_in: session.expires_in,
  refresh_token: session.refresh_token,
});

/** A new session for the client, with the scopes the user granted. */
export async function issueClientSession(
  tx: Queryable,
  deps: AuthDeps,
  user: UserRow,
  grant: { clientId: string; scope: string; userAgent: string | undefined },
): Promise<SessionResponse> {
  const method = 'oauth_provider/authorization_code';
  const { started, refreshToken } = await startSession(tx, user, method, grant.userAgent);
  // The session is the client's before its token is signed: the token names the client.
  await assignSessionToClient(tx, started.session_id, grant.clientId, grant.scope);
  return sessionResponse(tx, deps, user, started.session_id, refreshToken, method);
}

/** The ID token for the client: who signed in and when, with the claims the scopes allow. */
export function idToken(
  deps: AuthDeps,
  user: UserRow,
  grant: { clientId: string; scope: string; nonce: string | null },
) {
  const scopes = parseScopes(grant.scope);
  const authTime = user.last_sign_in_at ? Math.floor(Date.parse(user.last_sign_in_at) / 1000) : undefined;
  return deps.keys.sign(
    {
      iss: deps.settings.externalUrl,
      sub: user.id,
      aud: grant.clientId,
      auth_time: authTime,
      ...(grant.nonce ? { nonce: grant.nonce } : {}),
      ...(scopes.includes('email') && user.email
        ? { email: user.email, email_verified: user.email_confirmed_at !== null }
        : {}),
      ...(scopes.includes('phone') && user.phone
        ? { phone_number: user.phone, phone_number_verified: user.phone_confirmed_at !== null }
        : {}),
    },
    deps.settings.jwtExpirySeconds,
  );
}
