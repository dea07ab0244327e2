// grant_type=refresh_token with rotation: each use spends the token and issues its child. A spent token presented
// again within refresh_token_reuse_interval gets the session's current token (a client that lost a response);
// later, it means the token leaked, and with rotation on the whole session is revoked. The common case (a live
// token) is one statement; everything else takes the locking path below.
import { z } from 'zod';
import { userAgentOf, type OpenHandler } from '../context.ts';
import { AuthError, AuthErrors } from '../errors.ts';
import {
  activeRefreshToken,
  findRefreshTokenForUpdate,
  insertRefreshToken,
  revokeRefreshToken,
} from '../models/refresh-tokens.ts';
import { deleteSession, findSession, recordRefresh } from '../models/sessions.ts';
import { findUserById, isBanned } from '../models/users.ts';
import { readJson, text } from '../request.ts';
import { rotateLiveRefreshToken } from '../models/refresh-rotation.ts';
import { generateRefreshToken } from '../secrets.ts';
import { responseFromSessionJson, sessionResponse, TOKEN_REFRESH_METHOD } from '../tokens.ts';

const RefreshBody = z.object({ refresh_token: text });

/** Returned (not thrown) from the transaction that revokes a session, so the revocation commits before the refusal. */
class CommitThenRefuse {
  constructor(readonly answer: AuthError) {}
}

export const refreshTokenGrant: OpenHandler = async (c, deps) => {
  const body = await readJson(c, RefreshBody);
  if (body.refresh_token === '') throw new AuthError(400, 'validation_failed', 'refresh_token required');
  const { settings } = deps;

  const next = generateRefreshToken();
  const rotated = await rotateLiveRefreshToken(deps.db, body.refresh_token, next, userAgentOf(c));
  if (rotated) return c.json(await responseFromSessionJson(deps, deps.db, rotated, next, TOKEN_REFRESH_METHOD));

  const outcome = await deps.db.transaction(async (tx) => {
    const presented = await findRefreshTokenForUpdate(tx, body.refresh_token);
    if (!presented) throw AuthErrors.refreshTokenNotFound();
    const user = await findUserById(tx, presented.user_id);
    if (!user) throw AuthErrors.refreshTokenNotFound();
    if (isBanned(user)) throw AuthErrors.userBanned('Invalid Refresh Token: User Banned');
    const session = presented.session_id ? await findSession(tx, presented.session_id) : undefined;
    if (!session) throw new AuthError(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    if (session.not_after && Date.parse(session.not_after) < Date.now()) throw AuthErrors.sessionExpired();

    let issued: string;
    if (presented.revoked) {
      const withinReuseWindow = presented.updated_ms + settings.refreshTokenReuseIntervalSeconds * 1000 > Date.now();
      const active = await activeRefreshToken(tx, session.id);
      if (!withinReuseWindow || !active) {
        if (settings.refreshTokenRotation) {
          await deleteSession(tx, session.id);
          return new CommitThenRefuse(AuthErrors.refreshTokenAlreadyUsed());
        }
        throw AuthErrors.refreshTokenAlreadyUsed();
      }
      issued = active.token;
    } else {
      await revokeRefreshToken(tx, presented.id);
      issued = await insertRefreshToken(tx, { userId: user.id, sessionId: session.id, parent: presented.token });
    }
    await recordRefresh(tx, session.id, userAgentOf(c));
    return sessionResponse(tx, deps, user, session.id, issued, TOKEN_REFRESH_METHOD);
  });
  if (outcome instanceof CommitThenRefuse) throw outcome.answer;
  return c.json(outcome);
};
