// Random values the auth service hands out, and the hashes it keeps instead of them.
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';

/** A numeric one-time code of the configured length (the 6-digit code in e-mails). */
export function generateOtp(length: number): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += String(randomInt(10));
  return code;
}

/**
 * What is stored, and put in e-mail links, for a one-time code: SHA-224 of the address followed by the code, as
 * GoTrue computes it, so a link and a typed code verify against the same value.
 */
export function tokenHash(addressOrPhone: string, otp: string): string {
  return createHash('sha224')
    .update(addressOrPhone + otp)
    .digest('hex');
}

/** PKCE flows mark their stored tokens so a verified link answers with a code instead of a session. */
export const PKCE_PREFIX = 'pkce_';

export function withFlowPrefix(hash: string, pkce: boolean): string {
  return pkce ? PKCE_PREFIX + hash : hash;
}

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** An opaque refresh token (lower-case alphanumerics, about 113 bits). */
export function generateRefreshToken(): string {
  const bytes = randomBytes(22);
  return [...bytes].map((byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
}

/** A password nobody knows, for accounts created without one (magic link, invite). */
export function generateUnusablePassword(): string {
  return randomBytes(24).toString('base64url');
}

export const newId = randomUUID;

/** RFC 7636: base64url(SHA-256(verifier)) for s256, the verifier itself for plain. */
export function codeChallengeOf(verifier: string, method: 's256' | 'plain'): string {
  return method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url');
}
