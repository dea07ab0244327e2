// WebAuthn ceremonies for this server's relying party, shared by WebAuthn second factors and passkeys: the options a
// browser's navigator.credentials call takes, and the verification of what the authenticator answered
// (@simplewebauthn/server checks the challenge, origin, RP id, attestation and signature).
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { StoredWebauthnCredential } from '../models/factors.ts';
import type { RelyingParty } from '../mfa/settings.ts';

// Loaded at the first ceremony: the library and its certificate parsers are about 5 MB of heap, which every full
// collection would otherwise mark in a backend where most requests never involve a passkey.
let library: Promise<typeof import('@simplewebauthn/server')> | undefined;
const webauthn = () => (library ??= import('@simplewebauthn/server'));

/** How long a browser may take to answer (GoTrue's go-webauthn default). */
const TIMEOUT_MS = 60_000;

export interface WebauthnUser {
  /** The user handle: the user's id as text, as GoTrue sets it. */
  id: string;
  name: string;
  displayName: string;
}

export async function registrationOptions(
  rp: RelyingParty,
  user: WebauthnUser,
  exclude: string[],
  residentKey: 'required' | 'preferred',
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { generateRegistrationOptions } = await webauthn();
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: new TextEncoder().encode(user.id),
    userName: user.name,
    userDisplayName: user.displayName,
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: exclude.map((id) => ({ id })),
    authenticatorSelection: { residentKey, userVerification: 'preferred' },
  });
}

export async function authenticationOptions(
  rp: RelyingParty,
  allow: string[],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { generateAuthenticationOptions } = await webauthn();
  return generateAuthenticationOptions({
    rpID: rp.id,
    timeout: TIMEOUT_MS,
    allowCredentials: allow.map((id) => ({ id })),
    userVerification: 'preferred',
  });
}

export interface RegisteredCredential {
  credential: StoredWebauthnCredential;
  aaguid: string | null;
  attestationType: string;
  backupEligible: boolean;
  backedUp: boolean;
}

const NO_AAGUID = '00000000-0000-0000-0000-000000000000';

/** The new credential, or a thrown error when the response does not answer the challenge for this relying party. */
export async function verifyRegistration(
  rp: RelyingParty,
  response: unknown,
  challenge: string,
): Promise<RegisteredCredential> {
  const { verifyRegistrationResponse } = await webauthn();
  const { verified, registrationInfo } = await verifyRegistrationResponse({
    response: response as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    requireUserVerification: false,
  });
  if (!verified) throw new Error('registration response not verified');
  const { credential, aaguid, fmt, credentialDeviceType, credentialBackedUp } = registrationInfo;
  return {
    credential: {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
    },
    aaguid: aaguid === NO_AAGUID ? null : aaguid,
    attestationType: fmt,
    backupEligible: credentialDeviceType === 'multiDevice',
    backedUp: credentialBackedUp,
  };
}

/** The authenticator's new signature counter, or a thrown error when the assertion is not valid. */
export async function verifyAuthentication(
  rp: RelyingParty,
  response: unknown,
  challenge: string,
  stored: StoredWebauthnCredential,
): Promise<number> {
  const { verifyAuthenticationResponse } = await webauthn();
  const { verified, authenticationInfo } = await verifyAuthenticationResponse({
    response: response as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    credential: {
      id: stored.id,
      publicKey: new Uint8Array(Buffer.from(stored.publicKey, 'base64url')),
      counter: stored.counter,
      transports: stored.transports as never,
    },
    requireUserVerification: false,
  });
  if (!verified) throw new Error('authentication response not verified');
  return authenticationInfo.newCounter;
}

/** The credential id an authentication response names, and the user handle it carries (base64url of the text). */
export function assertionIdentity(response: unknown): { credentialId: string; userHandle: string | undefined } {
  const body = (response ?? {}) as { id?: unknown; rawId?: unknown; response?: { userHandle?: unknown } };
  const credentialId = typeof body.id === 'string' ? body.id : typeof body.rawId === 'string' ? body.rawId : '';
  const handle = body.response?.userHandle;
  return {
    credentialId,
    userHandle:
      typeof handle === 'string' && handle !== '' ? Buffer.from(handle, 'base64url').toString('utf8') : undefined,
  };
}
