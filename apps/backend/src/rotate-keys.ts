// `npm run keys:rotate`: puts a new signing key first, so new tokens are signed with it while tokens signed by the
// older keys still verify; `-- --retire` then drops every key but the newest, refusing the tokens they signed.
// Every running backend of the database loads the change at once. With an embedded database, stop the backend first.
import { loadConfig } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { openDb } from './db/open.ts';
import { migrate } from './db/migrate.ts';
import { readSharedKey, SIGNING_KEYS, storeSigningKeys } from './key-store.ts';
import { loadKeys, newSigningJwk } from './keys.ts';
import type { JWK } from 'jose';

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.project.auth.signing_keys_path) {
    console.error(
      `The signing keys come from ${config.project.auth.signing_keys_path} (auth.signing_keys_path): edit that file.`,
    );
    process.exit(1);
  }
  const db = await openDb(config);
  try {
    await migrate(db, config.supabaseDir);
    // A database that never had a backend start gets its keys now, as the first start would make them.
    await loadKeys(config, db);
    const current = (await readSharedKey<JWK[]>(db, SIGNING_KEYS))!;
    const retire = process.argv.includes('--retire');
    const next = retire ? current.slice(0, 1) : [await newSigningJwk(), ...current];
    await storeSigningKeys(db, next);
    console.log(
      retire
        ? `Kept the signing key ${next[0].kid}; retired ${current.length - 1} older key(s).`
        : `New signing key ${next[0].kid}; ${current.length} older key(s) still verify. Retire them with --retire.`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error) => {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
