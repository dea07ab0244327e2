import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT, UnsecuredJWT, decodeJwt, decodeProtectedHeader } from 'jose';
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
});
