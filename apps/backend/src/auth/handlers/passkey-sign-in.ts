// POST /passkeys/authentication/options and /verify: signing in with a passkey, as GoTrue does it. The options name
// no credential (the authenticator offers its discoverable ones); the assertion's user handle and credential id find
// the account, whose address must be confirmed and which must not be banned.
import type { OpenHandler } from '../context.ts';
import { userAgentOf } from '../context.ts';
import { AuthError, AuthErrors } from '../errors.ts';
import { consumeCeremony, createCeremony, findPasskeyByCredentialId, recordPasskeyUse } from '../models/passkeys.ts';
import { findUserById, isBanned } from '../models/users.ts';
import { isCredentialShaped, readCeremonyBody } from '../passkeys/common.ts';
import { readOptionalJson } from '../request.ts';
import { issueSession } from '../tokens.ts';
import { assertionIdentity, authenticationOptions, verifyAuthentication } from '../webauthn/ceremonies.ts';
import { z } from 'zod';

const failed = (cause?: unknown) => AuthErrors.webauthnVerificationFailed('Credential verification failed', cause);

export const passkeyAuthenticationOptions: OpenHandler = async (c, deps) => {
  // The body carries only a captcha token, which this server does not check.
  await readOptionalJson(c, z.object({}));
  const options = await authenticationOptions(deps.settings.relyingParty, []);
  const ceremony = await createCeremony(deps.db, {
    type: 'authentication',
    challenge: options.challenge,
    expirySeconds: deps.settings.passkey.challengeExpirySeconds,
  });
  return c.json({ challenge_id: ceremony.id, options, expires_at: ceremony.expiresAt });
};

export const passkeyAuthenticationVerify: OpenHandler = async (c, deps) => {
  const { challengeId, credential } = await readCeremonyBody(c);
  const ceremony = await consumeCeremony(deps.db, challengeId, 'authentication');
  if (!ceremony) throw AuthErrors.webauthnChallengeNotFound();
  if (ceremony.expired) throw AuthErrors.webauthnChallengeExpired();
  if (!isCredentialShaped(credential, 'authenticatorData')) {
    throw AuthErrors.webauthnVerificationFailed('Invalid credential response');
  }
  const { credentialId, userHandle } = assertionIdentity(credential);
  const passkey = credentialId === '' ? undefined : await findPasskeyByCredentialId(deps.db, credentialId);
  // The user handle the authenticator returns must name the passkey's owner.
  if (!passkey || userHandle !== passkey.user_id) throw failed();
  const stored = {
    id: passkey.credential_id,
    publicKey: passkey.public_key,
    counter: passkey.sign_count,
    transports: [],
  };
  const counter = await verifyAuthentication(deps.settings.relyingParty, credential, ceremony.challenge, stored).catch(
    (error: unknown) => {
      throw failed(error);
    },
  );
  const user = await findUserById(deps.db, passkey.user_id);
  if (!user) throw failed();
  if (user.email && !user.email_confirmed_at) throw new AuthError(403, 'email_not_confirmed', 'Email not confirmed');
  if (user.phone && !user.phone_confirmed_at) throw new AuthError(403, 'phone_not_confirmed', 'Phone not confirmed');
  if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned');
  const session = await deps.db.transaction(async (tx) => {
    await recordPasskeyUse(tx, passkey.id, counter);
    return issueSession(tx, deps, user, 'passkey', userAgentOf(c));
  });
  return c.json(session);
};
