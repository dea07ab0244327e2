// No silent overwrites: a change made from an old version of a row is refused once someone else changed the row,
// through the data API as the product's clients send it; a change from the current version, or one that names no
// version, goes through.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../apps/backend/test/harness.ts';
import { castRoles } from './roles.ts';

let h: Harness;
let manager: SupabaseClient;
let managerId: string;
let colleague: SupabaseClient;
let anonymous: SupabaseClient;
let otherManager: SupabaseClient;
let otherManagerId: string;
let projectId: string;
let personId: string;

beforeAll(async () => {
  h = await createHarness();
  const cast = await castRoles(h);
  manager = cast.clients.projectsManager;
  managerId = cast.ids.projectsManager;
  colleague = cast.clients.service;
  anonymous = cast.clients.anonymous;
  personId = cast.ids.member;
  const other = await cast.newAccount('planner');
  await cast.service
    .from('organization_users')
    .update({ can_manage_projects: true })
    .eq('user_id', other.id)
    .throwOnError();
  otherManager = other.client;
  otherManagerId = other.id;
  const { data } = await manager.from('projects').insert({ name: 'Versioned' }).select('id').single().throwOnError();
  projectId = data.id;
}, 120_000);
afterAll(() => h.close());

describe('changes made from an old version', () => {
  it('are refused with 409 once someone else changed the allocation, and change nothing', async () => {
    const { data: read } = await manager
      .from('allocations')
      .insert({
        project_id: projectId,
        user_id: personId,
        start_date: '2026-12-01',
        end_date: '2026-12-11',
        hours_per_day: 4,
      })
      .select('id, updated_at')
      .single()
      .throwOnError();
    // Someone else extends it meanwhile.
    await colleague.from('allocations').update({ end_date: '2026-12-20' }).eq('id', read.id).throwOnError();

    const { error, status } = await manager
      .from('allocations')
      .update({ start_date: '2026-12-08', end_date: '2026-12-18', updated_at: read.updated_at })
      .eq('id', read.id);
    expect(status).toBe(409);
    expect(error).toMatchObject({ code: 'PT409', message: 'Someone else changed this since you loaded it.' });
    const { data: stored } = await manager
      .from('allocations')
      .select('start_date, end_date')
      .eq('id', read.id)
      .single();
    expect(stored).toEqual({ start_date: '2026-12-01', end_date: '2026-12-20' });
  });

  it('go through from the current version, which then moves on', async () => {
    const { data: read } = await manager
      .from('projects')
      .select('updated_at')
      .eq('id', projectId)
      .single()
      .throwOnError();
    const { data: saved } = await manager
      .from('projects')
      .update({ description: 'Mine', updated_at: read.updated_at })
      .eq('id', projectId)
      .select('updated_at')
      .single()
      .throwOnError();
    expect(saved.updated_at).not.toBe(read.updated_at);
    const { status } = await manager
      .from('projects')
      .update({ description: 'Stale', updated_at: read.updated_at })
      .eq('id', projectId);
    expect(status).toBe(409);
  });

  it('are not checked when the writer names no version', async () => {
    await manager.from('projects').update({ description: 'Unversioned' }).eq('id', projectId).throwOnError();
    const { data } = await manager.from('projects').select('description').eq('id', projectId).single();
    expect(data?.description).toBe('Unversioned');
  });
});

describe('who made the stored version of an allocation', () => {
  const allocation = (extra: Record<string, unknown> = {}) => ({
    project_id: projectId,
    user_id: personId,
    start_date: '2026-11-02',
    end_date: '2026-11-06',
    hours_per_day: 2,
    ...extra,
  });

  it('is whoever wrote it last, and members read it with the row', async () => {
    const { data: made } = await manager
      .from('allocations')
      .insert(allocation())
      .select('id, updated_by')
      .single()
      .throwOnError();
    expect(made.updated_by).toBe(managerId);
    await otherManager.from('allocations').update({ hours_per_day: 3 }).eq('id', made.id).throwOnError();
    const { data: read } = await anonymous.from('allocations').select('updated_by').eq('id', made.id).maybeSingle();
    // Anonymous visitors read nothing; a member reads who changed it.
    expect(read).toBeNull();
    const { data: seen } = await manager.from('allocations').select('updated_by').eq('id', made.id).single();
    expect(seen?.updated_by).toBe(otherManagerId);
  });

  it('cannot be named by the writer', async () => {
    const { data: made } = await manager
      .from('allocations')
      .insert(allocation({ updated_by: otherManagerId }))
      .select('id, updated_by')
      .single()
      .throwOnError();
    expect(made.updated_by).toBe(managerId);
    const { data: changed } = await manager
      .from('allocations')
      .update({ note: 'Mine', updated_by: otherManagerId })
      .eq('id', made.id)
      .select('updated_by')
      .single()
      .throwOnError();
    expect(changed.updated_by).toBe(managerId);
  });

  it('is nobody for a change made with the service role', async () => {
    const { data: made } = await manager.from('allocations').insert(allocation()).select('id').single().throwOnError();
    const { data: changed } = await colleague
      .from('allocations')
      .update({ hours_per_day: 5 })
      .eq('id', made.id)
      .select('updated_by')
      .single()
      .throwOnError();
    expect(changed.updated_by).toBeNull();
  });
});
