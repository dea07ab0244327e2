// auth.webauthn_credentials and auth.webauthn_challenges: a user's passkeys, and the passkey ceremonies in progress
// (each challenge consumed at most once, by the ceremony and user it was issued for).
import type { Queryable } from '../../db/types.ts';
import { newId } from '../secrets.ts';
import type { RegisteredCredential } from '../webauthn/ceremonies.ts';
import { isoTimestamp, one } from './sql.ts';

export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  sign_count: number;
  transports: string[];
  friendly_name: string;
  created_at: string;
  last_used_at: string | null;
}

const COLUMNS = `id, user_id, credential_id, public_key, sign_count::float8 as sign_count, transports, friendly_name,
  ${isoTimestamp('created_at')}, ${isoTimestamp('last_used_at')}`;

export async function listPasskeys(q: Queryable, userId: string): Promise<PasskeyRow[]> {
  const { rows } = await q.query<PasskeyRow>(
    `select ${COLUMNS} from auth.webauthn_credentials where user_id = $1::uuid order by created_at, id`,
    [userId],
  );
  return rows;
}

export function findPasskey(q: Queryable, userId: string, id: string): Promise<PasskeyRow | undefined> {
  return one(q, `select ${COLUMNS} from auth.webauthn_credentials where id = $1::uuid and user_id = $2::uuid`, [
    id,
    userId,
  ]);
}

export function findPasskeyByCredentialId(q: Queryable, credentialId: string): Promise<PasskeyRow | undefined> {
  return one(q, `select ${COLUMNS} from auth.webauthn_credentials where credential_id = $1`, [credentialId]);
}

/** Stores a new passkey; undefined when the credential is registered already (to anyone). */
export async function insertPasskey(
  q: Queryable,
  userId: string,
  registered: RegisteredCredential,
  friendlyName: string,
): Promise<PasskeyRow | undefined> {
  const { credential } = registered;
  return one(
    q,
    `insert into auth.webauthn_credentials (id, user_id, credential_id, public_key, attestation_type, aaguid,
       sign_count, transports, backup_eligible, backed_up, friendly_name)
     values ($1::uuid, $2::uuid, $3, $4, $5, $6::uuid, $7, $8::jsonb, $9, $10, $11)
     on conflict (credential_id) do nothing returning ${COLUMNS}`,
    [
      newId(),
      userId,
      credential.id,
      credential.publicKey,
      registered.attestationType,
      registered.aaguid,
      credential.counter,
      JSON.stringify(credential.transports),
      registered.backupEligible,
      registered.backedUp,
      friendlyName,
    ],
  );
}

export async function renamePasskey(q: Queryable, id: string, friendlyName: string): Promise<PasskeyRow> {
  return (await one<PasskeyRow>(
    q,
    `update auth.webauthn_credentials set friendly_name = $2, updated_at = now() where id = $1::uuid
     returning ${COLUMNS}`,
    [id, friendlyName],
  ))!;
}

export async function recordPasskeyUse(q: Queryable, id: string, signCount: number): Promise<void> {
  await q.query(
    `update auth.webauthn_credentials set sign_count = $2, last_used_at = now(), updated_at = now()
     where id = $1::uuid`,
    [id, signCount],
  );
}

export async function deletePasskey(q: Queryable, id: string): Promise<void> {
  await q.query('delete from auth.webauthn_credentials where id = $1::uuid', [id]);
}

export type CeremonyType = 'registration' | 'authentication';

export async function createCeremony(
  q: Queryable,
  ceremony: { userId?: string; type: CeremonyType; challenge: string; expirySeconds: number },
): Promise<{ id: string; expiresAt: number }> {
  const row = await one<{ id: string; expires_at: number }>(
    q,
    `insert into auth.webauthn_challenges (id, user_id, challenge_type, session_data, expires_at)
     values ($1::uuid, $2::uuid, $3, $4::jsonb, now() + make_interval(secs => $5::float8))
     returning id, extract(epoch from expires_at)::float8 as expires_at`,
    [newId(), ceremony.userId ?? null, ceremony.type, { challenge: ceremony.challenge }, ceremony.expirySeconds],
  );
  return { id: row!.id, expiresAt: Math.floor(row!.expires_at) };
}

/** Removes and returns the ceremony, when it was issued for this type and user (none, for a sign-in). */
export function consumeCeremony(
  q: Queryable,
  id: string,
  type: CeremonyType,
  userId?: string,
): Promise<{ challenge: string; expired: boolean } | undefined> {
  return one(
    q,
    `delete from auth.webauthn_challenges where id = $1::uuid and challenge_type = $2
       and user_id is not distinct from $3::uuid
     returning session_data->>'challenge' as challenge, expires_at < now() as expired`,
    [id, type, userId ?? null],
  );
}
