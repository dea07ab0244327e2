// The verify_jwt check, case by case: which credentials let a function run, and the code of each refusal.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { loadKeys, type Keys } from '../keys.ts';
import { refusalFor } from './verify.ts';

const SECRET = 'a-legacy-secret-of-more-than-thirty-two-characters';
let keys: Keys;
beforeAll(async () => {
  const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'teamplan-verify-')) });
  config.project.auth.jwt_secret = SECRET;
  keys = await loadKeys(config);
});

const hs256 = (claims: Record<string, unknown>, secret = SECRET) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret));

describe('refusalFor', () => {
  it('lets through a token of the project, in Authorization or, without it, in apikey', async () => {
    expect(await refusalFor(keys, `Bearer ${keys.anonKey}`, undefined)).toBeUndefined();
    expect(await refusalFor(keys, undefined, keys.serviceRoleKey)).toBeUndefined();
    expect(await refusalFor(keys, `bearer ${await hs256({})}`, undefined)).toBeUndefined();
  });

  it('names the reason of each refusal as Supabase does', async () => {
    const expired = await hs256({ exp: Math.floor(Date.now() / 1000) - 1 });
    const user = await keys.sign({ role: 'authenticated' }, 60);
    const tampered = `${user.slice(0, -4)}AAAA`;
    expect(await refusalFor(keys, undefined, undefined)).toBe('missingAuthorization');
    expect(await refusalFor(keys, 'Token abc', undefined)).toBe('invalidJwtFormat');
    expect(await refusalFor(keys, 'Bearer not.a.jwt', undefined)).toBe('invalidJwtFormat');
    expect(await refusalFor(keys, `Bearer ${expired}`, undefined)).toBe('invalidLegacyJwt');
    expect(await refusalFor(keys, `Bearer ${await hs256({}, 'y'.repeat(40))}`, undefined)).toBe('invalidLegacyJwt');
    expect(await refusalFor(keys, `Bearer ${tampered}`, undefined)).toBe('invalidAsymmetricJwt');
    expect(await refusalFor(keys, 'Bearer sb_secret_unknown', undefined)).toBe('invalidJwtFormat');
    // A bad Authorization header is not rescued by a good apikey: the header is what the check reads.
    expect(await refusalFor(keys, 'Bearer nonsense', keys.anonKey)).toBe('invalidJwtFormat');
  });

  it("accepts the project's opaque keys on either header", async () => {
    const withOpaque = Object.assign(Object.create(keys) as Keys, {
      publishableKey: 'sb_publishable_abc_def',
      secretKey: 'sb_secret_ghi_jkl',
    });
    expect(await refusalFor(withOpaque, undefined, 'sb_publishable_abc_def')).toBeUndefined();
    expect(await refusalFor(withOpaque, 'Bearer sb_secret_ghi_jkl', undefined)).toBeUndefined();
    expect(await refusalFor(withOpaque, undefined, 'sb_publishable_abc_xyz')).toBe('invalidJwtFormat');
  });
});
