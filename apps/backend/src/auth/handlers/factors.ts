// The MFA factor endpoints as GoTrue serves them to supabase-js's auth.mfa: enrol a TOTP factor (QR code as SVG,
// secret, otpauth URI), challenge it, verify a code (the session becomes aal2), unenrol. Factors are listed in the
// user object (GET /user), which is where auth.mfa.listFactors reads them.
import type { Context } from 'hono';
import { z } from 'zod';
import { clientIp } from '../client-ip.ts';
import type { AuthDeps, UserHandler } from '../context.ts';
import { AuthError, AuthErrors } from '../errors.ts';
import { generateTotp, totpCodeIsValid } from '../mfa/totp.ts';
import {
  createChallenge,
  deleteChallenge,
  deleteExpiredFactors,
  deleteFactor,
  deleteUnverifiedFactors,
  findChallengeForUpdate,
  findFactor,
  insertFactor,
  listFactors,
  markChallengeVerified,
  markFactorVerified,
  type FactorRow,
} from '../models/factors.ts';
import { activeRefreshToken, insertRefreshToken, revokeRefreshToken } from '../models/refresh-tokens.ts';
import { addAmrClaim, deleteSessionsBelowAal2, downgradeSessionsOfFactor, upgradeSession } from '../models/sessions.ts';
import { readJson, readOptionalJson, text } from '../request.ts';
import { sessionResponse } from '../tokens.ts';

/** GoTrue's defaults ([auth.mfa] of the Supabase CLI). */
const MAX_ENROLLED_FACTORS = 10;
const CHALLENGE_EXPIRY_SECONDS = 300;
const UNVERIFIED_FACTOR_EXPIRY_SECONDS = 300;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function loadFactor(c: Context, deps: AuthDeps, userId: string): Promise<FactorRow> {
  const id = c.req.param('factor_id') ?? '';
  const factor = UUID.test(id) ? await findFactor(deps.db, userId, id) : undefined;
  if (!factor) throw AuthErrors.mfaFactorNotFound();
  return factor;
}

function requireSession<T>(session: T | undefined, action: string): T {
  if (!session) {
    throw new AuthError(500, 'unexpected_failure', `A valid session and a registered user are required to ${action}`);
  }
  return session;
}

const EnrollBody = z.object({ friendly_name: text, factor_type: text, issuer: text, phone: text });

export const enrollFactor: UserHandler = async (c, deps, { user, session }) => {
  const current = requireSession(session, 'enroll a factor');
  const body = await readJson(c, EnrollBody);
  if (body.factor_type === 'phone') {
    throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  }
  if (body.factor_type === 'webauthn') {
    throw new AuthError(422, 'mfa_web_authn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  }
  if (body.factor_type !== 'totp') {
    throw AuthErrors.validation('factor_type needs to be totp, phone, or webauthn');
  }
  // The issuer an authenticator app shows defaults to the site's host, as in GoTrue.
  const issuer = body.issuer || new URL(deps.settings.siteUrl).host;
  const totp = await generateTotp(issuer, user.email ?? user.phone ?? '');

  const factor = await deps.db.transaction(async (tx) => {
    await deleteExpiredFactors(tx, user.id, UNVERIFIED_FACTOR_EXPIRY_SECONDS);
    const factors = await listFactors(tx, user.id);
    if (factors.some((f) => (f.friendly_name ?? '') === body.friendly_name)) {
      throw AuthErrors.mfaFactorNameConflict(body.friendly_name);
    }
    if (factors.length >= MAX_ENROLLED_FACTORS) throw AuthErrors.tooManyFactors();
    if (factors.some((f) => f.status === 'verified') && current.aal !== 'aal2') {
      throw AuthErrors.insufficientAal(403, 'AAL2 required to enroll a new factor');
    }
    return insertFactor(tx, { userId: user.id, friendlyName: body.friendly_name, type: 'totp', secret: totp.secret });
  });
  return c.json({
    id: factor.id,
    type: 'totp',
    friendly_name: factor.friendly_name ?? '',
    totp: { qr_code: totp.qrCodeSvg, secret: totp.secret, uri: totp.uri },
  });
};

const ChallengeBody = z.object({ channel: text });

export const challengeFactor: UserHandler = async (c, deps, { user }) => {
  const factor = await loadFactor(c, deps, user.id);
  await readOptionalJson(c, ChallengeBody);
  const challenge = await deps.db.transaction((tx) => createChallenge(tx, factor.id, clientIp(c)));
  return c.json({
    id: challenge.id,
    type: factor.factor_type,
    expires_at: Math.floor(challenge.createdMs / 1000) + CHALLENGE_EXPIRY_SECONDS,
  });
};

const VerifyBody = z.object({ challenge_id: text, code: text });

export const verifyFactor: UserHandler = async (c, deps, { user, session }) => {
  const factor = await loadFactor(c, deps, user.id);
  const body = await readJson(c, VerifyBody);
  if (body.code === '') throw AuthErrors.validation('Code needs to be non-empty');
  const current = requireSession(session, 'verify a factor');
  if (!UUID.test(body.challenge_id)) throw AuthErrors.mfaChallengeNotFound();

  const outcome = await deps.db.transaction(async (tx) => {
    const challenge = await findChallengeForUpdate(tx, factor.id, body.challenge_id);
    if (!challenge) throw AuthErrors.mfaChallengeNotFound();
    if (challenge.verified_at || challenge.ip_address !== clientIp(c)) throw AuthErrors.mfaIpMismatch();
    if (challenge.age_seconds > CHALLENGE_EXPIRY_SECONDS) {
      await deleteChallenge(tx, challenge.id);
      return AuthErrors.mfaChallengeExpired(challenge.id);
    }
    if (!factor.secret || !totpCodeIsValid(factor.secret, body.code)) throw AuthErrors.mfaVerificationFailed();

    await markChallengeVerified(tx, challenge.id);
    if (factor.status !== 'verified') await markFactorVerified(tx, factor.id);
    await upgradeSession(tx, current.id, factor.id);
    await addAmrClaim(tx, current.id, 'totp');
    // The session continues with a new refresh token, its old one spent, as after a refresh.
    const active = await activeRefreshToken(tx, current.id);
    if (active) await revokeRefreshToken(tx, active.id);
    const refreshToken = await insertRefreshToken(tx, {
      userId: user.id,
      sessionId: current.id,
      parent: active?.token ?? null,
    });
    await deleteSessionsBelowAal2(tx, user.id);
    await deleteUnverifiedFactors(tx, user.id, factor.factor_type);
    return sessionResponse(tx, deps, user, current.id, refreshToken);
  });
  // An expired challenge is removed (committed) before the refusal is sent.
  if (outcome instanceof AuthError) throw outcome;
  return c.json(outcome);
};

export const unenrollFactor: UserHandler = async (c, deps, { user, session }) => {
  const factor = await loadFactor(c, deps, user.id);
  const current = requireSession(session, 'unenroll a factor');
  if (factor.status === 'verified' && current.aal !== 'aal2') {
    throw AuthErrors.insufficientAal(422, 'AAL2 required to unenroll verified factor');
  }
  await deps.db.transaction(async (tx) => {
    await downgradeSessionsOfFactor(tx, factor.id);
    await deleteFactor(tx, factor.id);
  });
  return c.json({ id: factor.id });
};
