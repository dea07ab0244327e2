// The web app's committed `Database` type: it must be exactly what `npm run gen:types` writes from the migrations.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OUTPUT, generateTypes } from './main.ts';

const COMMITTED = path.relative(fileURLToPath(new URL('../../../../../', import.meta.url)), DEFAULT_OUTPUT);

describe('the committed database types', () => {
  it('match the migrations byte for byte', { timeout: 120_000 }, async () => {
    // Always PGlite in memory, as `npm run gen:types` without DATABASE_URL: the same input gives the same file.
    const generated = await generateTypes();
    const committed = readFileSync(DEFAULT_OUTPUT, 'utf8');
    expect(
      committed,
      `${COMMITTED} is stale against supabase/migrations: run \`npm run gen:types\` and commit it`,
    ).toBe(generated);
  });
});
