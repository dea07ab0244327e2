// Signed URLs: a JWT signed with the project's signing key naming one object (`url`: bucket/key). A download token
// lasts as long as asked; an upload token two hours, carries the owner and whether it may replace, and is accepted once.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import type { Claims } from '../keys.ts';
import { verifyCached } from '../rest/jwt-cache.ts';
import { errors } from './errors.ts';
import type { StorageService } from './service.ts';

export const UPLOAD_URL_SECONDS = 2 * 60 * 60;

export interface SignedClaims extends Claims {
  url: string;
  owner?: string;
  upsert?: boolean;
}

export function signDownload(
  service: StorageService,
  bucket: string,
  key: string,
  expiresIn: number,
  transformations?: string,
) {
  return service.deps.keys.sign(
    { url: `${bucket}/${key}`, ...(transformations ? { transformations } : {}) },
    expiresIn,
  );
}

export function signUpload(
  service: StorageService,
  bucket: string,
  key: string,
  owner: string | undefined,
  upsert: boolean,
) {
  return service.deps.keys.sign(
    { url: `${bucket}/${key}`, jti: randomUUID(), ...(owner ? { owner } : {}), upsert },
    UPLOAD_URL_SECONDS,
  );
}

/**
 * The claims of a token this server signed, refused (as Storage words it) when expired, forged or not a token at all.
 */
export async function verifySignature(service: StorageService, token: string | undefined): Promise<SignedClaims> {
  if (!token) throw errors.invalidSignature('Missing token');
  if (token.split('.').length !== 3) throw errors.invalidJwt('jwt malformed');
  try {
    // Cached until the token expires: a signed URL is typically fetched many times.
    return (await verifyCached(service.deps.keys, token)) as SignedClaims;
  } catch (error) {
    if ((error as Error).message.includes('expired')) throw errors.invalidJwt('jwt expired');
    throw errors.invalidJwt('invalid signature');
  }
}

/** Refused unless `claims` were signed for exactly this object. */
export function assertSignedFor(claims: SignedClaims, bucket: string, key: string): void {
  if (typeof claims.url !== 'string' || claims.url !== `${bucket}/${key}`) throw errors.invalidSignature();
}

/** The claims of a token signed for exactly this object; refused when expired, forged or made for another. */
export async function verifySigned(
  service: StorageService,
  token: string | undefined,
  bucket: string,
  key: string,
): Promise<SignedClaims> {
  const claims = await verifySignature(service, token);
  assertSignedFor(claims, bucket, key);
  return claims;
}

/**
 * Spends a signed upload URL's one use, in the transaction that writes its object: its id is recorded, and a token
 * recorded before is refused, whichever route (a PUT, a resumable upload) it was used on.
 */
export async function spendUploadToken(tx: Queryable, claims: SignedClaims): Promise<void> {
  const { rowCount } = await tx.query(
    `insert into _backend.storage_upload_tokens (jti, expires_at) values ($1, to_timestamp($2))
     on conflict do nothing`,
    [claims.jti ?? '', claims.exp ?? 0],
  );
  if (rowCount === 0) throw errors.invalidSignature('The signed upload URL has already been used');
}
