// auth.mfa_factors and auth.mfa_challenges: a user's second factors (TOTP apps, phones, WebAuthn authenticators)
// and their challenges. A TOTP secret, a phone code and a WebAuthn credential never leave the server.
import type { Queryable } from '../../db/types.ts';
import { newId } from '../secrets.ts';
import { isoTimestamp, one } from './sql.ts';

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: 'totp' | 'phone' | 'webauthn';
  status: 'verified' | 'unverified';
  secret: string | null;
  phone: string | null;
  /** The WebAuthn credential registered with a verified webauthn factor. */
  web_authn_credential: StoredWebauthnCredential | null;
  web_authn_aaguid: string | null;
  created_at: string;
  updated_at: string;
  last_challenged_at: string | null;
}

/** A WebAuthn credential as stored: its id and COSE public key in base64url, and its signature counter. */
export interface StoredWebauthnCredential {
  id: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

export interface ChallengeRow {
  id: string;
  factor_id: string;
  ip_address: string;
  verified_at: string | null;
  /** SHA-256 of the code a phone challenge sent. */
  otp_code: string | null;
  /** The challenge a WebAuthn ceremony must sign, and which ceremony. */
  web_authn_session_data: { challenge: string; type: 'create' | 'request' } | null;
  /** Seconds since the challenge was created. */
  age_seconds: number;
}

export const FACTOR_COLUMNS = `id, user_id, friendly_name, factor_type::text as factor_type, status::text as status, secret,
  phone, web_authn_credential, web_authn_aaguid::text as web_authn_aaguid, ${isoTimestamp('created_at')}, ${isoTimestamp('updated_at')}, ${isoTimestamp('last_challenged_at')}`;

export async function listFactors(q: Queryable, userId: string): Promise<FactorRow[]> {
  const { rows } = await q.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors where user_id = $1::uuid order by created_at, id`,
    [userId],
  );
  return rows;
}

/** Whether the user has turned on a second factor (GoTrue's HasMFAEnabled). */
export async function hasVerifiedFactor(q: Queryable, userId: string): Promise<boolean> {
  const { rows } = await q.query(
    `select 1 from auth.mfa_factors where user_id = $1::uuid and status = 'verified' limit 1`,
    [userId],
  );
  return rows.length > 0;
}

export function findFactor(q: Queryable, userId: string, factorId: string): Promise<FactorRow | undefined> {
  return one(q, `select ${FACTOR_COLUMNS} from auth.mfa_factors where id = $1::uuid and user_id = $2::uuid`, [
    factorId,
    userId,
  ]);
}

export async function insertFactor(
  q: Queryable,
  factor: { userId: string; friendlyName: string; type: FactorRow['factor_type']; secret?: string; phone?: string },
): Promise<FactorRow> {
  const id = newId();
  await q.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret, phone)
     values ($1::uuid, $2::uuid, $3, $4::auth.factor_type, 'unverified', now(), now(), $5, $6)`,
    [id, factor.userId, factor.friendlyName, factor.type, factor.secret ?? null, factor.phone ?? null],
  );
  return (await findFactor(q, factor.userId, id))!;
}

export async function markFactorVerified(q: Queryable, factorId: string): Promise<void> {
  await q.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1::uuid`, [factorId]);
}

export async function saveWebauthnCredential(
  q: Queryable,
  factorId: string,
  credential: StoredWebauthnCredential,
  aaguid: string | null,
): Promise<void> {
  await q.query(
    `update auth.mfa_factors set web_authn_credential = $2::jsonb, web_authn_aaguid = $3::uuid, updated_at = now()
     where id = $1::uuid`,
    [factorId, credential, aaguid],
  );
}

export async function renameFactor(q: Queryable, factorId: string, friendlyName: string): Promise<void> {
  await q.query('update auth.mfa_factors set friendly_name = $2, updated_at = now() where id = $1::uuid', [
    factorId,
    friendlyName,
  ]);
}

export async function deleteFactor(q: Queryable, factorId: string): Promise<void> {
  await q.query('delete from auth.mfa_factors where id = $1::uuid', [factorId]);
}

/** Unverified factors left behind by abandoned enrolments, as GoTrue removes them once one of the type verifies. */
export async function deleteUnverifiedFactors(q: Queryable, userId: string, type: string): Promise<void> {
  await q.query(
    `delete from auth.mfa_factors where user_id = $1::uuid and status = 'unverified' and factor_type::text = $2`,
    [userId, type],
  );
}

/** Unverified factors older than the expiry are dropped before a new enrolment is counted. */
export async function deleteExpiredFactors(q: Queryable, userId: string, expirySeconds: number): Promise<void> {
  await q.query(
    `delete from auth.mfa_factors where user_id = $1::uuid and status = 'unverified'
       and created_at < now() - make_interval(secs => $2::float8)`,
    [userId, expirySeconds],
  );
}

export async function createChallenge(
  q: Queryable,
  factorId: string,
  ip: string,
  proof: { otpHash?: string; webauthn?: ChallengeRow['web_authn_session_data'] } = {},
): Promise<{ id: string; createdMs: number }> {
  const id = newId();
  const row = await one<{ created_ms: number }>(
    q,
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, otp_code, web_authn_session_data)
     values ($1::uuid, $2::uuid, now(), $3::inet, $4, $5::jsonb)
     returning (extract(epoch from created_at) * 1000)::float8 as created_ms`,
    [id, factorId, ip, proof.otpHash ?? null, proof.webauthn ?? null],
  );
  // last_challenged_at is unique in GoTrue's schema; clock_timestamp() keeps two quick challenges apart.
  await q.query('update auth.mfa_factors set last_challenged_at = clock_timestamp() where id = $1::uuid', [factorId]);
  return { id, createdMs: row!.created_ms };
}

export function findChallengeForUpdate(
  q: Queryable,
  factorId: string,
  challengeId: string,
): Promise<ChallengeRow | undefined> {
  return one(
    q,
    `select id, factor_id, host(ip_address) as ip_address, ${isoTimestamp('verified_at')}, otp_code,
       web_authn_session_data,
       extract(epoch from (now() - created_at))::float8 as age_seconds
     from auth.mfa_challenges where id = $1::uuid and factor_id = $2::uuid for update`,
    [challengeId, factorId],
  );
}

export async function markChallengeVerified(q: Queryable, challengeId: string): Promise<void> {
  await q.query('update auth.mfa_challenges set verified_at = now() where id = $1::uuid', [challengeId]);
}

export async function deleteChallenge(q: Queryable, challengeId: string): Promise<void> {
  await q.query('delete from auth.mfa_challenges where id = $1::uuid', [challengeId]);
}

/** Seconds since the factor's last challenge, or undefined when it was never challenged. */
export async function secondsSinceLastChallenge(q: Queryable, factorId: string): Promise<number | undefined> {
  const row = await one<{ seconds: number | null }>(
    q,
    `select extract(epoch from (now() - last_challenged_at))::float8 as seconds from auth.mfa_factors
     where id = $1::uuid`,
    [factorId],
  );
  return row?.seconds ?? undefined;
}
