// Signing keys and API keys. Access tokens are signed with an asymmetric key (published at the JWKS endpoint);
// any JWT signed by a configured key (the HS256 jwt_secret, or a key of the signing-key file chosen by `kid`) is
// accepted. Unless config.toml names a key file, one is generated on first start and kept in the database, so every
// backend process of one database signs and accepts the same tokens (without a database: in the data folder).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import { randomUUID } from 'node:crypto';
import {
  completeApiKeys,
  loadApiKeys,
  readApiKeysFile,
  withoutKid,
  writeApiKeysFile,
  type ApiKeys,
  type Sign,
  type StoredKeys,
} from './api-keys.ts';
import type { Config } from './config.ts';
import type { Queryable } from './db/types.ts';
import { API_KEYS, replaceSharedKey, sharedKey, SIGNING_KEYS } from './key-store.ts';

export interface Claims extends JWTPayload {
  role?: string;
  [claim: string]: unknown;
}

interface SigningKey {
  kid: string;
  alg: string;
  privateKey: CryptoKey | Uint8Array;
  publicJwk?: JWK;
  verifyKey?: Promise<CryptoKey>;
}

export interface Keys extends ApiKeys {
  /** Public keys for /auth/v1/.well-known/jwks.json. */
  jwks: { keys: JWK[] };
  sign(claims: Claims, expiresInSeconds: number): Promise<string>;
  /** Signs `claims` as they are, their times included (the claims a custom access token hook answered with). */
  signClaims(claims: Claims): Promise<string>;
  /** Verifies signature and expiry; throws JwtError with a reason otherwise. */
  verify(token: string): Promise<Claims>;
}

export class JwtError extends Error {}

/** What is wrong with a token whose header cannot be read, in the words of GoTrue's JWT library. */
function malformation(token: string): string {
  const [header, ...rest] = token.split('.');
  if (rest.length !== 2) return 'token contains an invalid number of segments';
  const decoded = Buffer.from(header, 'base64url');
  if (!/^[\w-]*$/.test(header) || decoded.length === 0) return 'could not base64 decode header';
  return 'could not JSON decode header';
}

const ASYMMETRIC = new Set(['ES256', 'RS256', 'EdDSA', 'ES384', 'ES512', 'RS384', 'RS512', 'PS256']);

function readJwkFile(file: string): JWK[] {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as JWK[] | { keys: JWK[] };
  const keys = Array.isArray(parsed) ? parsed : parsed.keys;
  if (!Array.isArray(keys) || keys.length === 0) throw new Error(`${file} holds no keys`);
  return keys;
}

/** A new ES256 signing key, private part included. */
export async function newSigningJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'ES256', use: 'sig', key_ops: ['sign', 'verify'] };
}

function writeJwkFile(file: string, jwks: JWK[]): JWK[] {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(jwks, null, 2), { mode: 0o600 });
  return jwks;
}

type KeySource = Pick<Config, 'dataDir' | 'supabaseDir' | 'project'>;

/** The configured key file when there is one; otherwise the keys every process of the database shares. */
async function signingJwks(config: KeySource, db: Queryable | undefined): Promise<JWK[]> {
  const configured = config.project.auth.signing_keys_path;
  if (configured) return readJwkFile(path.resolve(config.supabaseDir, configured));
  const localFile = path.join(config.dataDir, 'signing_keys.json');
  const local = () => (existsSync(localFile) ? readJwkFile(localFile) : undefined);
  // A data folder from before the keys moved into the database offers its key, so issued tokens stay valid.
  if (db) return sharedKey(db, SIGNING_KEYS, async () => local() ?? [await newSigningJwk()]);
  return local() ?? writeJwkFile(localFile, [await newSigningJwk()]);
}

/** The API keys every process of the database shares, minted again (once, by one process) for a new signer. */
async function sharedApiKeys(db: Queryable, dataDir: string, kid: string, sign: Sign): Promise<ApiKeys> {
  let stored = await sharedKey<StoredKeys>(db, API_KEYS, () => completeApiKeys(readApiKeysFile(dataDir), kid, sign));
  if (stored.kid !== kid) {
    stored = await replaceSharedKey(db, API_KEYS, stored, await completeApiKeys(stored, kid, sign));
  }
  const keys = await completeApiKeys(stored, kid, sign);
  writeApiKeysFile(dataDir, keys);
  return withoutKid(keys);
}

function publicPart(jwk: JWK): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, k: _k, ...rest } = jwk;
  return { ...rest, key_ops: ['verify'] };
}

async function toSigningKey(jwk: JWK): Promise<SigningKey> {
  const alg = jwk.alg ?? (jwk.kty === 'EC' ? 'ES256' : jwk.kty === 'RSA' ? 'RS256' : 'HS256');
  const kid = jwk.kid ?? randomUUID();
  // key_ops as files list them (sign and verify) is refused by WebCrypto for one half of a pair; drop it.
  const { key_ops: _ops, ...importable } = jwk;
  const privateKey = (await importJWK(importable, alg)) as CryptoKey | Uint8Array;
  return { kid, alg, privateKey, publicJwk: ASYMMETRIC.has(alg) ? { ...publicPart(jwk), kid, alg } : undefined };
}

/** The keys of the project; with `db`, the generated ones are those every process of that database shares. */
export async function loadKeys(config: KeySource, db?: Queryable): Promise<Keys> {
  const jwks = await signingJwks(config, db);
  const signingKeys = await Promise.all(jwks.map(toSigningKey));
  const [signer] = signingKeys;
  const secret = config.project.auth.jwt_secret;
  const hsKey = secret ? new TextEncoder().encode(secret) : undefined;

  const signClaims = (claims: Claims) =>
    new SignJWT(claims).setProtectedHeader({ alg: signer.alg, kid: signer.kid, typ: 'JWT' }).sign(signer.privateKey);
  const sign = (claims: Claims, expiresInSeconds: number) => {
    const now = Math.floor(Date.now() / 1000);
    return signClaims({ ...claims, iat: now, exp: now + expiresInSeconds });
  };

  async function verify(token: string): Promise<Claims> {
    let header;
    try {
      header = decodeProtectedHeader(token);
    } catch {
      throw new JwtError(
        `invalid JWT: unable to parse or verify signature, token is malformed: ${malformation(token)}`,
      );
    }
    let key: CryptoKey | Uint8Array | undefined;
    // An HS256 token names its key with `kid` when the key file holds it (as GoTrue looks keys up); one without a
    // known kid is checked against jwt_secret.
    const namedHsKey = header.alg === 'HS256' && signingKeys.find((k) => k.alg === 'HS256' && k.kid === header.kid);
    if (header.alg === 'HS256' && !namedHsKey && hsKey) key = hsKey;
    else {
      const match = signingKeys.find((k) => k.alg === header.alg && (header.kid === undefined || k.kid === header.kid));
      // The public key is imported once per signing key: importing it on every request costs more than verifying.
      if (match?.publicJwk) match.verifyKey ??= importJWK(match.publicJwk, match.alg) as Promise<CryptoKey>;
      key = match?.publicJwk ? await match.verifyKey : match?.privateKey;
    }
    if (!key) throw new JwtError('invalid JWT: unable to parse or verify signature, no suitable key or wrong key type');
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: [header.alg as string] });
      return payload as Claims;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'ERR_JWT_EXPIRED')
        throw new JwtError(
          'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
        );
      throw new JwtError('invalid JWT: unable to parse or verify signature, token signature is invalid');
    }
  }

  const apiKeys = db
    ? await sharedApiKeys(db, config.dataDir, signer.kid, sign)
    : await loadApiKeys(config.dataDir, signer.kid, sign);
  return {
    ...apiKeys,
    jwks: { keys: signingKeys.flatMap((k) => (k.publicJwk ? [k.publicJwk] : [])) },
    sign,
    signClaims,
    verify,
  };
}
