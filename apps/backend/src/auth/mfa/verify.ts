// Verifying a second factor as GoTrue does: the challenge must be this factor's, answered from the address that asked
// for it and in time; the proof (a TOTP code, the texted code, a WebAuthn response) is checked; then the factor is
// verified, the session raised to aal2 with a new refresh token, and sessions below aal2 ended.
import { timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/types.ts';
import type { AuthDeps } from '../context.ts';
import { AuthError, AuthErrors } from '../errors.ts';
import {
  deleteChallenge,
  deleteUnverifiedFactors,
  findChallengeForUpdate,
  markChallengeVerified,
  markFactorVerified,
  saveWebauthnCredential,
  type ChallengeRow,
  type FactorRow,
} from '../models/factors.ts';
import { activeRefreshToken, insertRefreshToken, revokeRefreshToken } from '../models/refresh-tokens.ts';
import { addAmrClaim, deleteSessionsBelowAal2, upgradeSession, type SessionRow } from '../models/sessions.ts';
import type { UserRow } from '../models/users.ts';
import { sessionResponse, type SessionResponse } from '../tokens.ts';
import { verifyAuthentication, verifyRegistration } from '../webauthn/ceremonies.ts';
import { hashOtp } from './challenge.ts';
import { totpCodeIsValid } from './totp.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The amr method each factor type records (GoTrue's names). */
const AMR_METHOD: Record<FactorRow['factor_type'], string> = {
  totp: 'totp',
  phone: 'mfa/phone',
  webauthn: 'mfa/webauthn',
};

export interface WebauthnProof {
  type: string;
  credential_response: unknown;
}

export interface VerifyRequest {
  challengeId: string;
  code: string;
  webauthn?: WebauthnProof;
  ip: string;
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Checks the proof against the challenge; a WebAuthn factor's first proof registers its credential. */
async function checkProof(
  tx: Queryable,
  deps: AuthDeps,
  factor: FactorRow,
  challenge: ChallengeRow,
  request: VerifyRequest,
) {
  if (factor.factor_type === 'totp') {
    if (!factor.secret || !totpCodeIsValid(factor.secret, request.code)) throw AuthErrors.mfaVerificationFailed();
    return;
  }
  if (factor.factor_type === 'phone') {
    if (!challenge.otp_code || !sameHash(challenge.otp_code, hashOtp(request.code))) {
      throw new AuthError(422, 'mfa_verification_failed', 'Invalid MFA Phone code entered');
    }
    return;
  }
  const rp = deps.settings.relyingParty;
  const session = challenge.web_authn_session_data;
  const proof = request.webauthn!;
  if (!session || session.type !== proof.type) throw AuthErrors.validation('Invalid credential_response');
  if (proof.type === 'create') {
    const registered = await verifyRegistration(rp, proof.credential_response, session.challenge).catch((error) => {
      throw AuthErrors.internal('Unexpected failure, please check server logs for more information', error);
    });
    if (factor.status !== 'verified') {
      await saveWebauthnCredential(tx, factor.id, registered.credential, registered.aaguid);
    }
    return;
  }
  const stored = factor.web_authn_credential;
  if (!stored) throw AuthErrors.validation('Invalid credential_response');
  const counter = await verifyAuthentication(rp, proof.credential_response, session.challenge, stored).catch(
    (error) => {
      throw AuthErrors.internal('Failed to validate WebAuthn MFA response', error);
    },
  );
  await saveWebauthnCredential(tx, factor.id, { ...stored, counter }, factor.web_authn_aaguid);
}

export async function verifyFactorProof(
  deps: AuthDeps,
  user: UserRow,
  session: SessionRow,
  factor: FactorRow,
  request: VerifyRequest,
): Promise<SessionResponse> {
  if (!UUID.test(request.challengeId)) throw AuthErrors.mfaChallengeNotFound();
  const outcome = await deps.db.transaction(async (tx) => {
    const challenge = await findChallengeForUpdate(tx, factor.id, request.challengeId);
    if (!challenge) throw AuthErrors.mfaChallengeNotFound();
    if (challenge.verified_at || challenge.ip_address !== request.ip) throw AuthErrors.mfaIpMismatch();
    if (challenge.age_seconds > deps.settings.mfa.challengeExpirySeconds) {
      await deleteChallenge(tx, challenge.id);
      return AuthErrors.mfaChallengeExpired(challenge.id);
    }
    await checkProof(tx, deps, factor, challenge, request);

    // A WebAuthn challenge is used up; the others are marked verified.
    if (factor.factor_type === 'webauthn') await deleteChallenge(tx, challenge.id);
    else await markChallengeVerified(tx, challenge.id);
    if (factor.status !== 'verified') await markFactorVerified(tx, factor.id);
    await upgradeSession(tx, session.id, factor.id);
    await addAmrClaim(tx, session.id, AMR_METHOD[factor.factor_type]);
    // The session continues with a new refresh token, its old one spent, as after a refresh.
    const active = await activeRefreshToken(tx, session.id);
    if (active) await revokeRefreshToken(tx, active.id);
    const refreshToken = await insertRefreshToken(tx, {
      userId: user.id,
      sessionId: session.id,
      parent: active?.token ?? null,
    });
    await deleteSessionsBelowAal2(tx, user.id);
    await deleteUnverifiedFactors(tx, user.id, factor.factor_type);
    return sessionResponse(tx, deps, user, session.id, refreshToken);
  });
  // An expired challenge is removed (committed) before the refusal is sent.
  if (outcome instanceof AuthError) throw outcome;
  return outcome;
}
