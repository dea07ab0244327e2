// Sessions as the client receives them: a signed access token carrying GoTrue's claims, and a refresh token.
import { decodeJwt } from 'jose';
import type { Queryable } from '../db/types.ts';
import type { AuthDeps } from './context.ts';
import { findIdentities } from './models/identities.ts';
import { addAmrClaim, amrClaims, createSession } from './models/sessions.ts';
import { insertRefreshToken } from './models/refresh-tokens.ts';
import { NOW } from './models/sql.ts';
import { userJson } from './models/user-json.ts';
import { updateUser, type UserRow } from './models/users.ts';

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
  weak_password?: { message: string; reasons: string[] };
}

/** Signs an access token for a session with the claims GoTrue puts in it. */
export async function signAccessToken(
  q: Queryable,
  deps: AuthDeps,
  user: UserRow,
  sessionId: string,
): Promise<{ token: string; expiresAt: number }> {
  const amr = await amrClaims(q, sessionId);
  const token = await deps.keys.sign(
    {
      iss: deps.settings.externalUrl,
      sub: user.id,
      aud: user.aud ?? 'authenticated',
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role || 'authenticated',
      aal: 'aal1',
      amr,
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    },
    deps.settings.jwtExpirySeconds,
  );
  return { token, expiresAt: decodeJwt(token).exp! };
}

export async function sessionResponse(
  q: Queryable,
  deps: AuthDeps,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<SessionResponse> {
  const { token, expiresAt } = await signAccessToken(q, deps, user, sessionId);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: deps.settings.jwtExpirySeconds,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user, await findIdentities(q, user.id)),
  };
}

/** Starts a session for a user who just proved who they are with `method` (password, otp, recovery, ...). */
export async function issueSession(
  q: Queryable,
  deps: AuthDeps,
  user: UserRow,
  method: string,
  userAgent: string | undefined,
): Promise<SessionResponse> {
  const signedIn = await updateUser(q, user.id, { last_sign_in_at: NOW });
  const sessionId = await createSession(q, user.id, userAgent);
  const refreshToken = await insertRefreshToken(q, { userId: user.id, sessionId, parent: null });
  await addAmrClaim(q, sessionId, method);
  return sessionResponse(q, deps, signedIn, sessionId, refreshToken);
}
