// What the passkey endpoints share: the ceremony body GoTrue reads ({challenge_id, credential}, checked in its words),
// the aal2 rule for managing passkeys once a second factor is verified, and the JSON a passkey is listed as.
import type { Context } from 'hono';
import { z } from 'zod';
import type { Queryable } from '../../db/types.ts';
import type { Authenticated } from '../context.ts';
import { AuthErrors } from '../errors.ts';
import { hasVerifiedFactor } from '../models/factors.ts';
import type { PasskeyRow } from '../models/passkeys.ts';
import { readJson, text } from '../request.ts';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const CeremonyBody = z.object({ challenge_id: text, credential: z.unknown() });

export async function readCeremonyBody(c: Context): Promise<{ challengeId: string; credential: unknown }> {
  const body = await readJson(c, CeremonyBody);
  if (body.challenge_id === '') throw AuthErrors.validation('challenge_id is required');
  if (body.credential === undefined || body.credential === null) throw AuthErrors.validation('credential is required');
  if (!UUID.test(body.challenge_id)) throw AuthErrors.validation('challenge_id must be a valid UUID');
  return { challengeId: body.challenge_id, credential: body.credential };
}

/** A credential response must at least be an object whose `response` has the field, else it cannot be parsed. */
export function isCredentialShaped(credential: unknown, field: string): boolean {
  const response = (credential as { response?: Record<string, unknown> } | null)?.response;
  return typeof response === 'object' && response !== null && typeof response[field] === 'string';
}

/** GoTrue's rule: with a verified second factor, only an aal2 session registers or deletes passkeys. */
export async function requirePasskeyManagementAal(q: Queryable, { user, session }: Authenticated): Promise<void> {
  if ((await hasVerifiedFactor(q, user.id)) && session?.aal !== 'aal2') {
    throw AuthErrors.insufficientAal(403, 'AAL2 session is required to manage passkeys when MFA is enabled');
  }
}

export function passkeyJson(passkey: PasskeyRow): Record<string, unknown> {
  return {
    id: passkey.id,
    ...(passkey.friendly_name ? { friendly_name: passkey.friendly_name } : {}),
    created_at: passkey.created_at,
    ...(passkey.last_used_at ? { last_used_at: passkey.last_used_at } : {}),
  };
}
