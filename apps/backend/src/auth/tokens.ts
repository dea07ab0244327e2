// Sessions as the client receives them: a signed access token carrying GoTrue's claims, and a refresh token.
import type { Queryable } from '../db/types.ts';
import type { AuthDeps } from './context.ts';
import { customizeClaims } from './hooks/custom-access-token.ts';
import { hookConnection, type HookConnection } from './hooks/pg-function.ts';
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

/** The authentication method of a refreshed token, as GoTrue tells the custom access token hook. */
export const TOKEN_REFRESH_METHOD = 'token_refresh';

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
  /** How the user authenticated for this token, as the custom access token hook is told; the newest amr by default. */
  authenticationMethod?: string;
}

/**
 * Signs the access token (GoTrue's claims, or those the custom access token hook answers with) and shapes the
 * response; the database is used only for the hook, on `on`.
 */
export async function buildSessionResponse(
  deps: AuthDeps,
  on: HookConnection,
  parts: SessionParts,
): Promise<SessionResponse> {
  const { user } = parts;
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + deps.settings.jwtExpirySeconds;
  const claims = await customizeClaims(on, deps.settings.customAccessTokenHook, {
    userId: user.id,
    authenticationMethod: parts.authenticationMethod ?? parts.amr[0]?.method ?? '',
    claims: {
      iss: deps.settings.externalUrl,
      sub: user.id,
      aud: user.aud ?? 'authenticated',
      exp: expiresAt,
      iat: issuedAt,
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
  });
  return {
    access_token: await deps.keys.signClaims(claims),
    token_type: 'bearer',
    expires_in: deps.settings.jwtExpirySeconds,
    expires_at: expiresAt,
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
  authenticationMethod?: string,
): Promise<SessionResponse> {
  const { aal, amr, clientId } = await sessionClaims(q, sessionId);
  const identities = await findIdentities(q, user.id);
  const factors = await listFactors(q, user.id);
  return buildSessionResponse(deps, hookConnection(q), {
    user,
    sessionId,
    refreshToken,
    aal,
    amr,
    identities,
    factors,
    clientId,
    authenticationMethod,
  });
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
  q: Queryable,
  data: SessionJson,
  refreshToken: string,
  authenticationMethod?: string,
): Promise<SessionResponse> {
  return buildSessionResponse(deps, hookConnection(q), {
    authenticationMethod,
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
export async function startSession(
  q: Queryable,
  user: UserRow,
  method: string,
  userAgent: string | undefined,
): Promise<{ started: SessionJson; refreshToken: string }> {
  const refreshToken = generateRefreshToken();
  const { rows } = await q.query<{ started: SessionJson }>(
    'select _backend.start_session($1::uuid, $2, $3, $4) as started',
    [user.id, method, userAgent ?? null, refreshToken],
  );
  return { started: rows[0].started, refreshToken };
}

/** Starts a session (see startSession) and answers it to the client. */
export async function issueSession(
  q: Queryable,
  deps: AuthDeps,
  user: UserRow,
  method: string,
  userAgent: string | undefined,
): Promise<SessionResponse> {
  const { started, refreshToken } = await startSession(q, user, method, userAgent);
  return responseFromSessionJson(deps, q, started, refreshToken, method);
}
