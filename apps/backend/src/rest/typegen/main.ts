// `npm run gen:types`: builds a throwaway database (PGlite in memory, or DATABASE_URL's server when set) with the
// server's and the project's migrations, reads its catalog and writes the `Database` type the web app uses, in the
// shape `supabase gen types typescript` writes. Prints where it wrote and how many relations it typed.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { loadConfig } from '../../config.ts';
import { migrate } from '../../db/migrate.ts';
import { openPglite } from '../../db/pglite.ts';
import { openPostgres } from '../../db/postgres.ts';
import { readCatalog } from './catalog.ts';
import { renderDatabase } from './render.ts';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
export const DEFAULT_OUTPUT = path.join(ROOT, 'apps/web/app/types/database.ts');
const POSTGREST_VERSION = '14.0';

export async function generateTypes(databaseUrl?: string): Promise<string> {
  const config = loadConfig({ SUPABASE_DIR: path.join(ROOT, 'supabase'), DATA_DIR: path.join(ROOT, '.typegen') });
  const db = databaseUrl ? await openPostgres(databaseUrl, 1) : await openPglite();
  try {
    await migrate(db, config.supabaseDir);
    const catalog = await readCatalog(db, config.project.api.schemas);
    const source = renderDatabase(catalog, POSTGREST_VERSION);
    const options = (await prettier.resolveConfig(DEFAULT_OUTPUT)) ?? {};
    return prettier.format(source, { ...options, parser: 'typescript', semi: false });
  } finally {
    await db.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const output = process.argv[2] ? path.resolve(process.argv[2]) : DEFAULT_OUTPUT;
  const source = await generateTypes(process.env.DATABASE_URL);
  mkdirSync(path.dirname(output), { recursive: true });
  writeFileSync(output, source);
  console.log(`wrote ${path.relative(process.cwd(), output)}`);
}
