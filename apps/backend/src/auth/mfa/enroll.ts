// Enrolling a second factor as GoTrue does: the checks every enrolment passes (a free friendly name, room under
// [auth.mfa] max_enrolled_factors, an aal2 session once a factor is verified), then a TOTP secret, a phone number or
// an empty WebAuthn factor whose credential the first challenge registers.
import type { Queryable } from '../../db/types.ts';
import type { AuthDeps } from '../context.ts';
import { AuthError, AuthErrors } from '../errors.ts';
import { deleteExpiredFactors, deleteFactor, insertFactor, listFactors, type FactorRow } from '../models/factors.ts';
import type { SessionRow } from '../models/sessions.ts';
import type { UserRow } from '../models/users.ts';
import { validatePhone } from '../validate.ts';
import { generateTotp } from './totp.ts';

/** GoTrue's GOTRUE_MFA_MAX_VERIFIED_FACTORS default. */
const MAX_VERIFIED_FACTORS = 10;

async function checkRoomForFactor(
  tx: Queryable,
  deps: AuthDeps,
  user: UserRow,
  session: SessionRow,
  friendlyName: string,
): Promise<void> {
  await deleteExpiredFactors(tx, user.id, deps.settings.mfa.unverifiedFactorExpirySeconds);
  const factors = await listFactors(tx, user.id);
  if (factors.some((f) => (f.friendly_name ?? '') === friendlyName))
    throw AuthErrors.mfaFactorNameConflict(friendlyName);
  const verified = factors.filter((f) => f.status === 'verified').length;
  if (factors.length >= deps.settings.mfa.maxEnrolledFactors || verified >= MAX_VERIFIED_FACTORS) {
    throw AuthErrors.tooManyFactors();
  }
  if (verified > 0 && session.aal !== 'aal2')
    throw AuthErrors.insufficientAal(403, 'AAL2 required to enroll a new factor');
}

export interface EnrollRequest {
  friendlyName: string;
  issuer: string;
  phone: string;
}

export async function enrollTotp(deps: AuthDeps, user: UserRow, session: SessionRow, request: EnrollRequest) {
  // The issuer an authenticator app shows defaults to the site's host, as in GoTrue.
  const issuer = request.issuer || new URL(deps.settings.siteUrl).host;
  const totp = await generateTotp(issuer, user.email ?? user.phone ?? '');
  const factor = await deps.db.transaction(async (tx) => {
    await checkRoomForFactor(tx, deps, user, session, request.friendlyName);
    return insertFactor(tx, { userId: user.id, friendlyName: request.friendlyName, type: 'totp', secret: totp.secret });
  });
  return {
    id: factor.id,
    type: 'totp',
    friendly_name: factor.friendly_name ?? '',
    totp: { qr_code: totp.qrCodeSvg, secret: totp.secret, uri: totp.uri },
  };
}

/** A number already verified as a factor is refused; an abandoned enrolment of it makes way for this one. */
async function clearSamePhone(tx: Queryable, factors: FactorRow[], phone: string): Promise<void> {
  for (const factor of factors.filter((f) => f.factor_type === 'phone' && f.phone === phone)) {
    if (factor.status === 'verified') {
      throw new AuthError(
        422,
        'mfa_verified_factor_exists',
        'A verified phone factor already exists, unenroll the existing factor to continue',
      );
    }
    await deleteFactor(tx, factor.id);
  }
}

export async function enrollPhone(deps: AuthDeps, user: UserRow, session: SessionRow, request: EnrollRequest) {
  if (request.phone === '') throw AuthErrors.validation('Phone number required to enroll Phone factor');
  const phone = validatePhone(request.phone);
  const factor = await deps.db.transaction(async (tx) => {
    await clearSamePhone(tx, await listFactors(tx, user.id), phone);
    await checkRoomForFactor(tx, deps, user, session, request.friendlyName);
    return insertFactor(tx, { userId: user.id, friendlyName: request.friendlyName, type: 'phone', phone });
  });
  return { id: factor.id, type: 'phone', friendly_name: factor.friendly_name ?? '', phone: request.phone };
}

export async function enrollWebauthn(deps: AuthDeps, user: UserRow, session: SessionRow, request: EnrollRequest) {
  const factor = await deps.db.transaction(async (tx) => {
    await checkRoomForFactor(tx, deps, user, session, request.friendlyName);
    return insertFactor(tx, { userId: user.id, friendlyName: request.friendlyName, type: 'webauthn' });
  });
  return { id: factor.id, type: 'webauthn', friendly_name: factor.friendly_name ?? '' };
}
