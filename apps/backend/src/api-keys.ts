// The project's API keys, kept in the data folder: the legacy JWT keys (anon, service_role), minted per signing
// key, and the opaque keys (sb_publishable_…, sb_secret_…), generated once. The gateway swaps an opaque key for
// the JWT of its role, as the Supabase gateway does, so the services only ever see JWTs.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface ApiKeys {
  anonKey: string;
  serviceRoleKey: string;
  /** Acts as anon: safe to ship in a browser or an app. */
  publishableKey: string;
  /** Acts as service_role: for servers only. */
  secretKey: string;
}

export interface StoredKeys extends Partial<ApiKeys> {
  kid?: string;
}

export const API_KEYS_FILE = 'api_keys.json';
const TEN_YEARS = 10 * 365 * 24 * 3600;

/**
 * The shape of Supabase's opaque keys: a prefix, 16 random bytes in base64url, and a short checksum of both, so a
 * key mistyped or cut short is recognisably not a key.
 */
export function generateOpaqueKey(prefix: 'sb_publishable_' | 'sb_secret_'): string {
  const body = prefix + randomBytes(16).toString('base64url');
  const checksum = createHash('sha256').update(body).digest().subarray(0, 6).toString('base64url');
  return `${body}_${checksum}`;
}

export type Sign = (claims: { iss: string; role: string; ref: string }, expiresInSeconds: number) => Promise<string>;

/** The stored keys made whole for signer `kid`: opaque keys generated once, JWT keys minted again for a new signer. */
export async function completeApiKeys(stored: StoredKeys, kid: string, sign: Sign): Promise<StoredKeys & ApiKeys> {
  const sameSigner = stored.kid === kid && stored.anonKey && stored.serviceRoleKey;
  return {
    kid,
    anonKey: sameSigner ? stored.anonKey! : await sign({ iss: 'supabase', role: 'anon', ref: 'local' }, TEN_YEARS),
    serviceRoleKey: sameSigner
      ? stored.serviceRoleKey!
      : await sign({ iss: 'supabase', role: 'service_role', ref: 'local' }, TEN_YEARS),
    publishableKey: stored.publishableKey ?? generateOpaqueKey('sb_publishable_'),
    secretKey: stored.secretKey ?? generateOpaqueKey('sb_secret_'),
  };
}

export function readApiKeysFile(dataDir: string): StoredKeys {
  const file = path.join(dataDir, API_KEYS_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StoredKeys) : {};
}

/** Keeps the keys in the data folder, where `npm run status` reads them; written only when they changed. */
export function writeApiKeysFile(dataDir: string, keys: StoredKeys): void {
  if (JSON.stringify(keys) === JSON.stringify(readApiKeysFile(dataDir))) return;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path.join(dataDir, API_KEYS_FILE), JSON.stringify(keys, null, 2), { mode: 0o600 });
}

export function withoutKid({ kid: _kid, ...apiKeys }: StoredKeys & ApiKeys): ApiKeys {
  return apiKeys;
}

/** The keys for `dataDir`, created on first start; the JWT keys are minted again when the signing key changes. */
export async function loadApiKeys(dataDir: string, kid: string, sign: Sign): Promise<ApiKeys> {
  const keys = await completeApiKeys(readApiKeysFile(dataDir), kid, sign);
  writeApiKeysFile(dataDir, keys);
  return withoutKid(keys);
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The JWT an opaque key stands for, or undefined for a key that is not one of this project's. */
export function jwtForOpaqueKey(keys: ApiKeys, key: string): string | undefined {
  if (sameText(key, keys.secretKey)) return keys.serviceRoleKey;
  if (sameText(key, keys.publishableKey)) return keys.anonKey;
  return undefined;
}

/** Supabase's opaque keys all start so; anything else offered as a key is taken for a JWT. */
export const isOpaqueKey = (key: string) => key.startsWith('sb_');
