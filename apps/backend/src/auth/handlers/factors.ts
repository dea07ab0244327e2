// The MFA factor endpoints as GoTrue serves them to supabase-js's auth.mfa: enrol a TOTP, phone or WebAuthn factor,
// challenge it, verify the proof (the session becomes aal2), unenrol; each type as [auth.mfa] switches it on. Factors
// are listed in the user object (GET /user), which is where auth.mfa.listFactors reads them.
import type { Context } from 'hono';
import { z } from 'zod';
import { clientIp } from '../client-ip.ts';
import type { AuthDeps, UserHandler } from '../context.ts';
import { AuthError, AuthErrors } from '../errors.ts';
import { challengePhone, challengeTotp, challengeWebauthn } from '../mfa/challenge.ts';
import { enrollPhone, enrollTotp, enrollWebauthn } from '../mfa/enroll.ts';
import type { FactorSwitches } from '../mfa/settings.ts';
import { verifyFactorProof } from '../mfa/verify.ts';
import { deleteFactor, findFactor, type FactorRow } from '../models/factors.ts';
import { downgradeSessionsOfFactor } from '../models/sessions.ts';
import { readJson, readOptionalJson, text } from '../request.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LABEL = { totp: 'TOTP', phone: 'Phone', webauthn: 'WebAuthn' } as const;

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

function switchesOf(deps: AuthDeps, type: FactorRow['factor_type']): FactorSwitches {
  return deps.settings.mfa[type];
}

/** GoTrue's refusal when [auth.mfa.<type>] verify_enabled is off; `code` lets verify keep GoTrue's own code. */
function requireVerifyEnabled(deps: AuthDeps, type: FactorRow['factor_type'], code = `mfa_${type}_verify_not_enabled`) {
  if (!switchesOf(deps, type).verify) {
    throw new AuthError(422, code, `MFA verification is disabled for ${LABEL[type]}`);
  }
}

const EnrollBody = z.object({ friendly_name: text, factor_type: text, issuer: text, phone: text });

export const enrollFactor: UserHandler = async (c, deps, { user, session }) => {
  const current = requireSession(session, 'enroll a factor');
  const body = await readJson(c, EnrollBody);
  const type = body.factor_type;
  if (type !== 'totp' && type !== 'phone' && type !== 'webauthn') {
    throw AuthErrors.validation('factor_type needs to be totp, phone, or webauthn');
  }
  if (!switchesOf(deps, type).enroll) {
    throw new AuthError(422, `mfa_${type}_enroll_not_enabled`, `MFA enroll is disabled for ${LABEL[type]}`);
  }
  const request = { friendlyName: body.friendly_name, issuer: body.issuer, phone: body.phone };
  const enroll = { totp: enrollTotp, phone: enrollPhone, webauthn: enrollWebauthn }[type];
  return c.json(await enroll(deps, user, current, request));
};

const ChallengeBody = z.object({ channel: text });

export const challengeFactor: UserHandler = async (c, deps, { user }) => {
  const factor = await loadFactor(c, deps, user.id);
  const body = await readOptionalJson(c, ChallengeBody);
  requireVerifyEnabled(deps, factor.factor_type);
  const ip = clientIp(c);
  if (factor.factor_type === 'phone') return c.json(await challengePhone(deps, factor, ip, body.channel));
  if (factor.factor_type === 'webauthn') return c.json(await challengeWebauthn(deps, user, factor, ip));
  return c.json(await challengeTotp(deps, factor, ip));
};

const VerifyBody = z.object({
  challenge_id: text,
  code: text,
  webauthn: z.object({ type: text, credential_response: z.unknown() }).nullish(),
});

function checkWebauthnProof(webauthn: z.infer<typeof VerifyBody>['webauthn']) {
  if (!webauthn) throw AuthErrors.validation('WebAuthn config required');
  if (webauthn.type !== 'create' && webauthn.type !== 'request') {
    throw AuthErrors.validation('WebAuthn type must be create or request');
  }
  if (webauthn.credential_response === undefined || webauthn.credential_response === null) {
    throw AuthErrors.validation('credential_response required');
  }
  return webauthn;
}

export const verifyFactor: UserHandler = async (c, deps, { user, session }) => {
  const factor = await loadFactor(c, deps, user.id);
  const body = await readJson(c, VerifyBody);
  if (body.code === '' && factor.factor_type !== 'webauthn') throw AuthErrors.validation('Code needs to be non-empty');
  // GoTrue answers a disabled WebAuthn verification with its enrolment code.
  requireVerifyEnabled(
    deps,
    factor.factor_type,
    factor.factor_type === 'webauthn' ? 'mfa_webauthn_enroll_not_enabled' : undefined,
  );
  const webauthn = factor.factor_type === 'webauthn' ? checkWebauthnProof(body.webauthn) : undefined;
  const current = requireSession(session, 'verify a factor');
  const request = { challengeId: body.challenge_id, code: body.code, webauthn, ip: clientIp(c) };
  return c.json(await verifyFactorProof(deps, user, current, factor, request));
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
