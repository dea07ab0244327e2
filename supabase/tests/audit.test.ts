// The audit trail records who changed what, before and after, whatever client made the change; and it is
// append-only even for the database's own service role.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../apps/backend/test/harness.ts';
import { serviceClient, signedUpClient } from './clients.ts';

let h: Harness;
let manager: SupabaseClient;
let managerId: string;
let memberId: string;

beforeAll(async () => {
  h = await createHarness();
  ({ client: manager, id: managerId } = await signedUpClient(h, 'ada@example.com', 'Ada'));
  ({ id: memberId } = await signedUpClient(h, 'max@example.com', 'Max'));
}, 60_000);
afterAll(() => h.close());

interface Entry {
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const entriesFor = async (table: string, recordId: string) =>
  (
    await h.db.query<Entry>(
      `select actor_id, actor_email, action, before, after from audit_log
       where table_name = $1 and record_id = $2 order by id`,
      [table, recordId],
    )
  ).rows;

describe('the audit trail', () => {
  it('records a permission change with who made it, before and after', async () => {
    await manager
      .from('organization_users')
      .update({ can_manage_projects: true })
      .eq('user_id', memberId)
      .throwOnError();
    const [, change] = await entriesFor('organization_users', memberId);
    expect(change).toMatchObject({ actor_id: managerId, actor_email: 'ada@example.com', action: 'update' });
    expect(change.before?.can_manage_projects).toBe(false);
    expect(change.after?.can_manage_projects).toBe(true);
  });

  it('records the life of a project and its allocations, and not an update that changes nothing', async () => {
    const { data: project } = await manager
      .from('projects')
      .insert({ name: 'Apollo' })
      .select('id')
      .single()
      .throwOnError();
    const { data: allocation } = await manager
      .from('allocations')
      .insert({
        project_id: project!.id,
        user_id: memberId,
        start_date: '2026-03-02',
        end_date: '2026-03-06',
        hours_per_day: 4,
      })
      .select('id')
      .single()
      .throwOnError();
    await manager.from('projects').update({ name: 'Apollo' }).eq('id', project!.id).throwOnError();
    await manager.from('projects').update({ name: 'Artemis' }).eq('id', project!.id).throwOnError();
    await manager.from('projects').delete().eq('id', project!.id).throwOnError();

    const projectEntries = await entriesFor('projects', project!.id);
    expect(projectEntries.map((entry) => entry.action)).toEqual(['insert', 'update', 'delete']);
    expect(projectEntries[1].after?.name).toBe('Artemis');
    expect(projectEntries[2].after).toBeNull();
    // Deleting the project removed its allocation too, and that is on record.
    expect((await entriesFor('allocations', allocation!.id)).map((entry) => entry.action)).toEqual([
      'insert',
      'delete',
    ]);
  });

  it('records no line when an allocation is saved again as it was, only by someone else', async () => {
    const { data: project } = await manager
      .from('projects')
      .insert({ name: 'Gemini' })
      .select('id')
      .single()
      .throwOnError();
    const { data: allocation } = await manager
      .from('allocations')
      .insert({
        project_id: project!.id,
        user_id: memberId,
        start_date: '2026-04-06',
        end_date: '2026-04-10',
        hours_per_day: 2,
      })
      .select('id')
      .single()
      .throwOnError();
    // The service role saves the same values: only the version (when and by whom) moves on.
    await serviceClient(h).from('allocations').update({ hours_per_day: 2 }).eq('id', allocation!.id).throwOnError();
    expect((await entriesFor('allocations', allocation!.id)).map((entry) => entry.action)).toEqual(['insert']);
  });

  it('names no actor for changes made with the service role', async () => {
    const { data } = await serviceClient(h)
      .from('announcements')
      .insert({ title: 'Office closed Friday' })
      .select('id')
      .single()
      .throwOnError();
    const [entry] = await entriesFor('announcements', data!.id);
    expect(entry).toMatchObject({ actor_id: null, action: 'insert' });
  });

  it('refuses to change, delete or empty the trail even for the database owner', async () => {
    await expect(h.db.query(`update audit_log set actor_email = 'forged'`)).rejects.toThrow(
      'The audit trail cannot be changed or deleted.',
    );
    await expect(h.db.query('delete from audit_log')).rejects.toThrow('The audit trail cannot be changed or deleted.');
    await expect(h.db.query('truncate audit_log')).rejects.toThrow('The audit trail cannot be changed or deleted.');
  });
});
