// Sessions as the client receives them: a signed access token carrying GoTrue's claims, and a refresh token.
import { decodeJwt } from 'jose';
import type { Queryable } from '../db/types.ts';
import type { AuthDeps } from './context.ts';
import { findIdentities, type IdentityRow } from './models/identities.ts';
import { listFactors, type FactorRow } from './models/factors.ts';
import { sessionClaims } from './models/sessions.ts';
import { generateRefreshToken } from './secrets.ts';
import { userJson } from './models/user-json.ts';
import type { UserRow } from './models/users.ts';

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
  weak_password?: { message: string; reasons: string[] };
}

/** Everything a session response is made of, loaded by the caller. */
export interface SessionParts {
  user: UserRow;
  sessionId: string;
  refreshToken: string;
  aal: string;
  amr: Array<{ method: string; timestamp: number }>;
  identities: IdentityRow[];
  factors: FactorRow[];
  /** The OAuth client holding the session, named in the token's client_id claim. */
  clientId?: string | null;
}

/** Signs the access token (GoTrue's claims) and shapes the response; no database access. */
export async function buildSessionResponse(deps: AuthDeps, parts: SessionParts): Promise<SessionResponse> {
  const { user } = parts;
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
      aal: parts.aal,
      amr: parts.amr,
      session_id: parts.sessionId,
      is_anonymous: user.is_anonymous,
      ...(parts.clientId ? { client_id: parts.clientId } : {}),
    },
    deps.settings.jwtExpirySeconds,
  );
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: deps.settings.jwtExpirySeconds,
    expires_at: decodeJwt(token).exp!,
    refresh_token: parts.refreshToken,
    user: userJson(user, parts.identities, parts.factors),
  };
}

export async function sessionResponse(
  q: Queryable,
  deps: AuthDeps,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<SessionResponse> {
  const { aal, amr, clientId } = await sessionClaims(q, sessionId);
  const identities = await findIdentities(q, user.id);
  const factors = await listFactors(q, user.id);
  return buildSessionResponse(deps, { user, sessionId, refreshToken, aal, amr, identities, factors, clientId });
}

/** The JSON the session functions of migrations 0007 and 0008 return. */
export interface SessionJson {
  session_id: string;
  aal: string | null;
  user_row: UserRow;
  amr: Array<{ method: string; timestamp: number }> | null;
  identities: IdentityRow[] | null;
  factors: FactorRow[] | null;
}

export function responseFromSessionJson(
  deps: AuthDeps,
  data: SessionJson,
  refreshToken: string,
): Promise<SessionResponse> {
  return buildSessionResponse(deps, {
    user: data.user_row,
    sessionId: data.session_id,
    refreshToken,
    aal: data.aal ?? 'aal1',
    amr: data.amr ?? [],
    identities: data.identities ?? [],
    factors: data.factors ?? [],
  });
}

/**
 * Starts a session for a user who just proved who they are with `method` (password, otp, recovery, ...): one call
 * of _backend.start_session records the sign-in and creates the session, its refresh token and amr claim.
 */
export async function issueSession(
  q: Queryable,
  deps: AuthDeps,
  user: UserRow,
  method: string,
  userAgent: string | undefined,
): Promise<SessionResponse> {
  const refreshToken = generateRefreshToken();
  const { rows } = await q.query<{ started: SessionJson }>(
    'select _backend.start_session($1::uuid, $2, $3, $4) as started',
    [user.id, method, userAgent ?? null, refreshToken],
  );
  return responseFromSessionJson(deps, rows[0].started, refreshToken);
}
