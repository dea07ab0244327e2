// Once a person has a verified second factor, a session that has not passed it reads and writes nothing of the
// organization's; at AAL2 it is a member again. People without a factor are unaffected.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../apps/backend/test/harness.ts';
import { withScope } from '../../apps/backend/src/db/scope.ts';
import { createAccount } from './sql.ts';

let h: Harness;
let admin: string;

beforeAll(async () => {
  h = await createHarness();
  admin = await createAccount(h.db, 'ada@example.com', 'Ada');
  await h.db.query(`insert into projects (name) values ('Apollo')`);
}, 60_000);
afterAll(() => h.close());

const projectsSeen = (aal: string) =>
  withScope(
    h.db,
    { role: 'authenticated', claims: { sub: admin, role: 'authenticated', aal }, method: 'GET', path: '/' },
    async (tx) => (await tx.query('select name from projects')).rows.length,
  );
const renameAs = (aal: string) =>
  withScope(
    h.db,
    { role: 'authenticated', claims: { sub: admin, role: 'authenticated', aal }, method: 'PATCH', path: '/' },
    async (tx) => (await tx.query(`update projects set name = 'Renamed at ' || $1 returning id`, [aal])).rows.length,
  );

const addFactor = (status: 'verified' | 'unverified') =>
  h.db.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, $3, 'totp', $4, now(), now(), 'secret')`,
    [randomUUID(), admin, `${status} app`, status],
  );

describe('the second factor as a lock', () => {
  it('lets a person without a verified factor in at AAL1', async () => {
    await addFactor('unverified');
    expect(await projectsSeen('aal1')).toBe(1);
  });

  it('shuts an AAL1 session out once a factor is verified, and lets the AAL2 session in', async () => {
    await addFactor('verified');
    expect(await projectsSeen('aal1')).toBe(0);
    expect(await renameAs('aal1')).toBe(0);
    expect(await projectsSeen('aal2')).toBe(1);
    expect(await renameAs('aal2')).toBe(1);
  });
});
