// Membership rules of the organization schema: who becomes a member with which permissions, and the guarantees
// the database keeps whatever client writes to it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../apps/backend/test/harness.ts';
import { asUser, createAccount } from './sql.ts';

let h: Harness;
let first: string;
let second: string;

beforeAll(async () => {
  h = await createHarness();
  first = await createAccount(h.db, 'first@example.com', 'First Person');
  second = await createAccount(h.db, 'second@example.com', 'Second Person');
});
afterAll(() => h.close());

const membership = async (userId: string) =>
  (
    await h.db.query(
      'select can_manage_users, can_manage_projects, can_manage_announcements from organization_users where user_id = $1',
      [userId],
    )
  ).rows[0];

describe('new accounts', () => {
  it('makes the first account a member with all three permissions', async () => {
    expect(await membership(first)).toEqual({
      can_manage_users: true,
      can_manage_projects: true,
      can_manage_announcements: true,
    });
  });

  it('makes later accounts members with no permissions', async () => {
    expect(await membership(second)).toEqual({
      can_manage_users: false,
      can_manage_projects: false,
      can_manage_announcements: false,
    });
  });

  it('creates a profile with the name given at sign-up', async () => {
    const { rows } = await h.db.query('select full_name, email from profiles where id = $1', [first]);
    expect(rows[0]).toEqual({ full_name: 'First Person', email: 'first@example.com' });
  });

  it('follows a confirmed e-mail change into the profile', async () => {
    await h.db.query("update auth.users set email = 'second.new@example.com' where id = $1", [second]);
    const { rows } = await h.db.query('select email from profiles where id = $1', [second]);
    expect(rows[0]).toEqual({ email: 'second.new@example.com' });
  });
});

describe('the last member who can manage users', () => {
  it('cannot lose the permission', async () => {
    const error = await asUser(h.db, first, (tx) =>
      tx.query('update organization_users set can_manage_users = false where user_id = $1', [first]),
    ).catch((e: { message: string; code: string }) => e);
    expect(error).toMatchObject({
      code: 'P0001',
      message: 'The organization needs at least one member who can manage users.',
    });
    expect((await membership(first)).can_manage_users).toBe(true);
  });

  it('cannot be removed', async () => {
    const error = await asUser(h.db, first, (tx) =>
      tx.query('delete from organization_users where user_id = $1', [first]),
    ).catch((e: { code: string }) => e);
    expect(error).toMatchObject({ code: 'P0001' });
    expect(await membership(first)).toBeDefined();
  });

  it('can step down once another member holds the permission', async () => {
    await asUser(h.db, first, async (tx) => {
      await tx.query('update organization_users set can_manage_users = true where user_id = $1', [second]);
      await tx.query('update organization_users set can_manage_users = false where user_id = $1', [first]);
    });
    expect((await membership(first)).can_manage_users).toBe(false);
    // Restore for the other tests.
    await h.db.query('update organization_users set can_manage_users = true where user_id = $1', [first]);
  });
});

describe('profiles', () => {
  it('let a person change their own name but not their capacity', async () => {
    const third = await createAccount(h.db, 'third@example.com');
    await asUser(h.db, third, (tx) => tx.query("update profiles set full_name = 'Third' where id = $1", [third]));
    const error = await asUser(h.db, third, (tx) =>
      tx.query('update profiles set weekly_capacity_hours = 20 where id = $1', [third]),
    ).catch((e: { code: string; message: string }) => e);
    expect(error).toMatchObject({ code: '42501', message: 'Only members who can manage users can change capacity.' });
  });

  it("let a user manager set someone's capacity but not their name", async () => {
    await asUser(h.db, first, (tx) =>
      tx.query('update profiles set weekly_capacity_hours = 32 where id = $1', [second]),
    );
    const error = await asUser(h.db, first, (tx) =>
      tx.query("update profiles set full_name = 'Renamed' where id = $1", [second]),
    ).catch((e: { code: string }) => e);
    expect(error).toMatchObject({ code: '42501' });
    const { rows } = await h.db.query('select full_name, weekly_capacity_hours from profiles where id = $1', [second]);
    expect(rows[0]).toEqual({ full_name: 'Second Person', weekly_capacity_hours: '32.00' });
  });
});

describe('organization', () => {
  it('has exactly one row', async () => {
    const error = await h.db
      .query('insert into organization (name) values ($1)', ['Another'])
      .catch((e: { code: string }) => e);
    expect(error).toMatchObject({ code: '23505' });
  });
});
