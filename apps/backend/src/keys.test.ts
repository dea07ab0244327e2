import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT, UnsecuredJWT, base64url, decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { JwtError, loadKeys } from './keys.ts';

const SECRET = 'a-shared-secret-of-at-least-thirty-two-characters';

function freshConfig(extra: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamplan-keys-'));
  return loadConfig({ SUPABASE_DIR: dataDir, DATA_DIR: dataDir, ...extra });
}

describe('keys', () => {
  it('generates an asymmetric signing key once and keeps it, with stable API keys', async () => {
    const config = freshConfig();
    const first = await loadKeys(config);
    const again = await loadKeys(config);
    expect(again.anonKey).toBe(first.anonKey);
    expect(first.jwks.keys).toHaveLength(1);
    expect(first.jwks.keys[0]).not.toHaveProperty('d');
    expect(decodeProtectedHeader(first.anonKey)).toMatchObject({ alg: 'ES256', kid: first.jwks.keys[0].kid });
    expect(decodeJwt(first.anonKey).role).toBe('anon');
    expect(decodeJwt(first.serviceRoleKey).role).toBe('service_role');
    const stored = JSON.parse(readFileSync(path.join(config.dataDir, 'signing_keys.json'), 'utf8'));
    expect(Array.isArray(stored)).toBe(true);
  });

  it('verifies what it signs and refuses tampered, expired, unsigned and foreign tokens', async () => {
    const keys = await loadKeys(freshConfig());
    const token = await keys.sign({ sub: 'u1', role: 'authenticated' }, 60);
    await expect(keys.verify(token)).resolves.toMatchObject({ sub: 'u1', role: 'authenticated' });

    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: 'u1', role: 'service_role' })).toString('base64url');
    await expect(keys.verify(`${header}.${forgedPayload}.${signature}`)).rejects.toThrow(JwtError);

    await expect(keys.verify(await keys.sign({ role: 'anon' }, -10))).rejects.toThrow(/expired/);
    await expect(keys.verify(new UnsecuredJWT({ role: 'service_role' }).encode())).rejects.toThrow(JwtError);
    await expect(keys.verify('not a jwt')).rejects.toThrow(JwtError);

    const other = await loadKeys(freshConfig());
    await expect(keys.verify(await other.sign({ role: 'service_role' }, 60))).rejects.toThrow(JwtError);
  });

  it('accepts HS256 tokens signed with the configured jwt_secret, and only then', async () => {
    const hs = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    const withSecret = await loadKeys(freshConfig({ SUPABASE_AUTH_JWT_SECRET: SECRET }));
    await expect(withSecret.verify(hs)).resolves.toMatchObject({ role: 'service_role' });
    const withoutSecret = await loadKeys(freshConfig());
    await expect(withoutSecret.verify(hs)).rejects.toThrow(JwtError);
  });

  it('verifies an HS256 token with the key its kid names in the key file, beside jwt_secret', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'teamplan-keys-hs-'));
    const [first, second] = ['first-key-of-at-least-thirty-two-bytes!!', 'second-key-of-at-least-thirty-two-bytes!'];
    const hsJwk = (kid: string, secret: string) => ({
      kty: 'oct',
      kid,
      alg: 'HS256',
      k: base64url.encode(secret),
      key_ops: ['sign', 'verify'],
    });
    writeFileSync(path.join(dir, 'signing_keys.json'), JSON.stringify([hsJwk('one', first), hsJwk('two', second)]));
    writeFileSync(path.join(dir, 'config.toml'), '[auth]\nsigning_keys_path = "./signing_keys.json"\n');
    const keys = await loadKeys(loadConfig({ SUPABASE_DIR: dir, DATA_DIR: dir, SUPABASE_AUTH_JWT_SECRET: SECRET }));
    const signed = (secret: string, kid?: string) =>
      new SignJWT({ role: 'authenticated' })
        .setProtectedHeader(kid ? { alg: 'HS256', kid } : { alg: 'HS256' })
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(secret));
    await expect(keys.verify(await signed(second, 'two'))).resolves.toMatchObject({ role: 'authenticated' });
    await expect(keys.verify(await signed(first, 'one'))).resolves.toMatchObject({ role: 'authenticated' });
    await expect(keys.verify(await signed(SECRET))).resolves.toMatchObject({ role: 'authenticated' });
    // The kid decides: another key's signature under that kid is refused.
    await expect(keys.verify(await signed(first, 'two'))).rejects.toThrow(JwtError);
  });

  it('generates a publishable and a secret key once, kept in the data folder beside the JWT keys', async () => {
    const config = freshConfig();
    const first = await loadKeys(config);
    expect(first.publishableKey).toMatch(/^sb_publishable_[A-Za-z0-9_-]{22}_[A-Za-z0-9_-]{8}$/);
    expect(first.secretKey).toMatch(/^sb_secret_[A-Za-z0-9_-]{22}_[A-Za-z0-9_-]{8}$/);
    const again = await loadKeys(config);
    expect([again.publishableKey, again.secretKey]).toEqual([first.publishableKey, first.secretKey]);
    const stored = JSON.parse(readFileSync(path.join(config.dataDir, 'api_keys.json'), 'utf8'));
    expect(stored).toMatchObject({ publishableKey: first.publishableKey, secretKey: first.secretKey });
    const other = await loadKeys(freshConfig());
    expect(other.secretKey).not.toBe(first.secretKey);
  });

  it('adds the opaque keys to a data folder an older backend wrote', async () => {
    const config = freshConfig();
    const first = await loadKeys(config);
    const file = path.join(config.dataDir, 'api_keys.json');
    const { publishableKey: _p, secretKey: _s, ...legacy } = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify(legacy));
    const upgraded = await loadKeys(config);
    expect(upgraded.anonKey).toBe(first.anonKey);
    expect(upgraded.publishableKey).toMatch(/^sb_publishable_/);
    expect(JSON.parse(readFileSync(file, 'utf8')).publishableKey).toBe(upgraded.publishableKey);
  });
});
