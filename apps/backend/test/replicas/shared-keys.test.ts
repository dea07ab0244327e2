// Backend processes of one database share their generated keys: each signs and accepts the same tokens and hands
// out the same API keys, even when they start at the same moment; a data folder from before the keys moved into the
// database keeps its key; a rotation reaches every process without a restart.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { migrate } from '../../src/db/migrate.ts';
import type { Db } from '../../src/db/types.ts';
import { watchKeys } from '../../src/key-watch.ts';
import { readSharedKey, SIGNING_KEYS, storeSigningKeys } from '../../src/key-store.ts';
import { JwtError, loadKeys, newSigningJwk } from '../../src/keys.ts';
import { openScratchDb, REPO_SUPABASE_DIR } from '../harness.ts';
import type { JWK } from 'jose';
import { until } from '../wait.ts';

let db: Db;
let drop: () => Promise<void>;
const folders: string[] = [];

/** The config of one backend process: the same database, a data folder of its own. */
function processConfig() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamplan-replica-'));
  folders.push(dataDir);
  return loadConfig({ SUPABASE_DIR: REPO_SUPABASE_DIR, DATA_DIR: dataDir });
}

beforeAll(async () => {
  ({ db, drop } = await openScratchDb());
  await migrate(db, REPO_SUPABASE_DIR);
});
afterAll(async () => {
  await drop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('keys shared through the database', () => {
  it('gives processes starting at once the same signing key and API keys', async () => {
    await db.query('delete from _backend.project_keys');
    const all = await Promise.all([1, 2, 3, 4].map(() => loadKeys(processConfig(), db)));
    const [first, ...others] = all;
    for (const other of others) {
      expect(other.jwks).toEqual(first.jwks);
      expect([other.anonKey, other.serviceRoleKey, other.publishableKey, other.secretKey]).toEqual([
        first.anonKey,
        first.serviceRoleKey,
        first.publishableKey,
        first.secretKey,
      ]);
    }
    const token = await others[2].sign({ sub: 'someone', role: 'authenticated' }, 60);
    await expect(first.verify(token)).resolves.toMatchObject({ sub: 'someone' });
  });

  it('adopts the key of a data folder that had one before, so its tokens stay valid', async () => {
    await db.query('delete from _backend.project_keys');
    const config = processConfig();
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), kid: 'kept-key', alg: 'ES256', use: 'sig' };
    writeFileSync(path.join(config.dataDir, 'signing_keys.json'), JSON.stringify([jwk]));
    const adopted = await loadKeys(config, db);
    expect(decodeProtectedHeader(adopted.anonKey).kid).toBe('kept-key');
    const elsewhere = await loadKeys(processConfig(), db);
    expect(elsewhere.anonKey).toBe(adopted.anonKey);
  });

  it('reaches every running process when a key is rotated and when old keys are retired', async () => {
    await db.query('delete from _backend.project_keys');
    const one = { config: processConfig(), db, keys: await loadKeys(processConfig(), db) };
    const two = { config: processConfig(), db, keys: await loadKeys(processConfig(), db) };
    const stops = [await watchKeys(one), await watchKeys(two)];
    try {
      const oldToken = await one.keys.sign({ sub: 'before', role: 'authenticated' }, 600);
      const oldAnonKey = two.keys.anonKey;
      const current = (await readSharedKey<JWK[]>(db, SIGNING_KEYS))!;
      const fresh = await newSigningJwk();
      await storeSigningKeys(db, [fresh, ...current]);
      await until(() => one.keys.jwks.keys.length === 2 && two.keys.jwks.keys.length === 2);

      const newToken = await two.keys.sign({ sub: 'after', role: 'authenticated' }, 600);
      expect(decodeProtectedHeader(newToken).kid).toBe(fresh.kid);
      await expect(one.keys.verify(newToken)).resolves.toMatchObject({ sub: 'after' });
      await expect(two.keys.verify(oldToken)).resolves.toMatchObject({ sub: 'before' });
      expect(one.keys.anonKey).toBe(two.keys.anonKey);
      expect(one.keys.anonKey).not.toBe(oldAnonKey);

      await storeSigningKeys(db, [fresh]);
      await until(() => one.keys.jwks.keys.length === 1 && two.keys.jwks.keys.length === 1);
      await expect(one.keys.verify(oldToken)).rejects.toThrow(JwtError);
      await expect(two.keys.verify(newToken)).resolves.toMatchObject({ sub: 'after' });
    } finally {
      for (const stop of stops) await stop();
    }
  });
});
