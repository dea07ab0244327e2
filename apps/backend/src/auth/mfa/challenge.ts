// Challenging a second factor as GoTrue does: a TOTP factor needs nothing sent; a phone factor is texted a code (at
// most once per [auth.mfa.phone] max_frequency); a WebAuthn factor gets the options for registering its credential
// (before it is verified) or for signing with it.
import { createHash } from 'node:crypto';
import { sendSms } from '../../mail/sms.ts';
import type { AuthDeps } from '../context.ts';
import { AuthErrors } from '../errors.ts';
import { createChallenge, listFactors, secondsSinceLastChallenge, type FactorRow } from '../models/factors.ts';
import type { UserRow } from '../models/users.ts';
import { generateOtp } from '../secrets.ts';
import { validateMessageChannel } from '../validate.ts';
import { authenticationOptions, registrationOptions } from '../webauthn/ceremonies.ts';

export const hashOtp = (code: string) => createHash('sha256').update(code).digest('hex');

function challengeJson(deps: AuthDeps, factor: FactorRow, created: { id: string; createdMs: number }) {
  return {
    id: created.id,
    type: factor.factor_type,
    expires_at: Math.floor(created.createdMs / 1000) + deps.settings.mfa.challengeExpirySeconds,
  };
}

export async function challengeTotp(deps: AuthDeps, factor: FactorRow, ip: string) {
  const created = await deps.db.transaction((tx) => createChallenge(tx, factor.id, ip));
  return challengeJson(deps, factor, created);
}

export async function challengePhone(deps: AuthDeps, factor: FactorRow, ip: string, channel: string) {
  validateMessageChannel(channel);
  const { maxFrequencyMs, otpLength, template } = deps.settings.mfa.phone;
  const created = await deps.db.transaction(async (tx) => {
    const since = await secondsSinceLastChallenge(tx, factor.id);
    if (since !== undefined && since * 1000 < maxFrequencyMs) {
      throw AuthErrors.overSmsSendRateLimit(Math.ceil((maxFrequencyMs - since * 1000) / 1000));
    }
    const code = generateOtp(otpLength);
    await sendSms(tx, { phone: factor.phone ?? '', text: template.replace(/\{\{\s*\.Code\s*\}\}/g, code) });
    return createChallenge(tx, factor.id, ip, { otpHash: hashOtp(code) });
  });
  return challengeJson(deps, factor, created);
}

function webauthnUser(user: UserRow) {
  const name = user.email || user.phone || user.id;
  const displayName = typeof user.raw_user_meta_data?.name === 'string' ? user.raw_user_meta_data.name : name;
  return { id: user.id, name, displayName: displayName || name };
}

export async function challengeWebauthn(deps: AuthDeps, user: UserRow, factor: FactorRow, ip: string) {
  const rp = deps.settings.relyingParty;
  const registering = factor.status !== 'verified';
  let options;
  if (registering) {
    // The user's other WebAuthn factors' credentials are excluded, so one authenticator is not registered twice.
    const others = (await listFactors(deps.db, user.id)).flatMap((f) =>
      f.web_authn_credential ? [f.web_authn_credential.id] : [],
    );
    options = await registrationOptions(rp, webauthnUser(user), others, 'preferred');
  } else {
    options = await authenticationOptions(rp, factor.web_authn_credential ? [factor.web_authn_credential.id] : []);
  }
  const type = registering ? ('create' as const) : ('request' as const);
  const created = await deps.db.transaction((tx) =>
    createChallenge(tx, factor.id, ip, { webauthn: { challenge: options.challenge, type } }),
  );
  return { ...challengeJson(deps, factor, created), webauthn: { type, credential_options: { publicKey: options } } };
}
