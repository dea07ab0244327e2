// POST /passkeys/registration/options and /verify: the signed-in user adds a passkey, as GoTrue does it (SSO users
// cannot, at most the configured number per user, aal2 once a second factor is verified, one account per credential).
import type { UserHandler } from '../context.ts';
import { AuthError, AuthErrors } from '../errors.ts';
import { consumeCeremony, createCeremony, insertPasskey, listPasskeys } from '../models/passkeys.ts';
import type { UserRow } from '../models/users.ts';
import { isCredentialShaped, readCeremonyBody, requirePasskeyManagementAal } from '../passkeys/common.ts';
import { authenticatorName } from '../webauthn/authenticator-names.ts';
import { registrationOptions, verifyRegistration, type WebauthnUser } from '../webauthn/ceremonies.ts';

const tooMany = () => new AuthError(422, 'too_many_passkeys', 'Maximum number of passkeys reached');

function checkNotSso(user: UserRow): void {
  if (user.is_sso_user) throw AuthErrors.validation('SSO users cannot register passkeys');
}

/** As GoTrue names the user to the authenticator: e-mail (else phone), and user_metadata.name when there is one. */
function passkeyUser(user: UserRow): WebauthnUser {
  const name = user.email || user.phone || '';
  const metaName = user.raw_user_meta_data?.name;
  return { id: user.id, name, displayName: typeof metaName === 'string' && metaName !== '' ? metaName : name };
}

export const passkeyRegistrationOptions: UserHandler = async (c, deps, auth) => {
  checkNotSso(auth.user);
  await requirePasskeyManagementAal(deps.db, auth);
  const existing = await listPasskeys(deps.db, auth.user.id);
  if (existing.length >= deps.settings.passkey.maxPerUser) throw tooMany();
  const exclude = existing.map((passkey) => passkey.credential_id);
  const options = await registrationOptions(deps.settings.relyingParty, passkeyUser(auth.user), exclude, 'required');
  const ceremony = await createCeremony(deps.db, {
    userId: auth.user.id,
    type: 'registration',
    challenge: options.challenge,
    expirySeconds: deps.settings.passkey.challengeExpirySeconds,
  });
  return c.json({ challenge_id: ceremony.id, options, expires_at: ceremony.expiresAt });
};

export const passkeyRegistrationVerify: UserHandler = async (c, deps, auth) => {
  checkNotSso(auth.user);
  await requirePasskeyManagementAal(deps.db, auth);
  const { challengeId, credential } = await readCeremonyBody(c);
  const ceremony = await consumeCeremony(deps.db, challengeId, 'registration', auth.user.id);
  if (!ceremony) throw AuthErrors.webauthnChallengeNotFound();
  if (ceremony.expired) throw AuthErrors.webauthnChallengeExpired();
  if (!isCredentialShaped(credential, 'attestationObject')) {
    throw AuthErrors.webauthnVerificationFailed('Invalid credential response');
  }
  const registered = await verifyRegistration(deps.settings.relyingParty, credential, ceremony.challenge).catch(
    (error: unknown) => {
      throw AuthErrors.webauthnVerificationFailed('Credential verification failed', error);
    },
  );
  const friendlyName = authenticatorName(registered.aaguid);
  const passkey = await deps.db.transaction(async (tx) => {
    if ((await listPasskeys(tx, auth.user.id)).length >= deps.settings.passkey.maxPerUser) throw tooMany();
    const inserted = await insertPasskey(tx, auth.user.id, registered, friendlyName);
    if (!inserted) throw new AuthError(422, 'webauthn_credential_exists', 'This credential is already registered');
    return inserted;
  });
  return c.json({ id: passkey.id, friendly_name: passkey.friendly_name, created_at: passkey.created_at });
};
