// Several databases of one new PostgreSQL server migrated at the same moment (test suites, or one backend per
// database starting together): the roles they share belong to the whole server, so all but one find them made by
// another mid-way, and every migration must still succeed. Runs with the PostgreSQL suite, on a server of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.ts';
import { openPostgres } from '../../src/db/postgres.ts';
import { REPO_SUPABASE_DIR } from '../harness.ts';
import { createOwnPostgres, type OwnPostgres } from './own-postgres.ts';

const DATABASES = 6;

describe.skipIf(!process.env.TEST_DATABASE_URL)('the first migrations of a new PostgreSQL server', () => {
  let server: OwnPostgres;

  beforeAll(async () => {
    server = await createOwnPostgres();
  }, 60_000);
  afterAll(async () => {
    await server?.remove();
  });

  it(`succeed for ${DATABASES} databases migrated at once`, async () => {
    const admin = await openPostgres(server.url, 1);
    const urls: string[] = [];
    for (let n = 0; n < DATABASES; n++) {
      await admin.exec(`create database "first_${n}"`);
      urls.push(server.url.replace(/\/postgres$/, `/first_${n}`));
    }
    await admin.close();

    const outcomes = await Promise.allSettled(
      urls.map(async (url) => {
        const db = await openPostgres(url, 2);
        try {
          return await migrate(db, REPO_SUPABASE_DIR);
        } finally {
          await db.close();
        }
      }),
    );
    const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []));
    expect(failures).toEqual([]);

    const check = await openPostgres(urls[DATABASES - 1], 1);
    const { rows } = await check.query<{ rolname: string }>(
      `select r.rolname from pg_auth_members m join pg_roles r on r.oid = m.roleid
        where m.member = 'authenticator'::regrole order by 1`,
    );
    await check.close();
    expect(rows.map((r) => r.rolname)).toEqual(['anon', 'authenticated', 'service_role']);
  }, 120_000);
});
