// Project summaries as the project list reads them through the API: people and planned hours per project (no hours
// on days their people are wholly away), the archived flag, and the same visibility as the projects themselves.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../apps/backend/test/harness.ts';
import { anonClient, serviceClient, signedUpClient } from './clients.ts';

let h: Harness;
let service: SupabaseClient;
let member: SupabaseClient;
let nonMember: SupabaseClient;
let people: string[];
let apollo: string;
let gemini: string;
let empty: string;

// 2026-03-02 is a Monday.
beforeAll(async () => {
  h = await createHarness();
  service = serviceClient(h);
  const founder = await signedUpClient(h, 'founder@example.com', 'Founder');
  const first = await signedUpClient(h, 'first@example.com', 'First');
  const second = await signedUpClient(h, 'second@example.com', 'Second');
  const memberAccount = await signedUpClient(h, 'member@example.com', 'Member');
  const outsider = await signedUpClient(h, 'outsider@example.com', 'Outsider');
  await service.from('organization_users').delete().eq('user_id', outsider.id).throwOnError();
  member = memberAccount.client;
  nonMember = outsider.client;
  people = [founder.id, first.id, second.id];
  // The second person works Monday to Wednesday only.
  await service
    .from('profiles')
    .update({ work_days: [1, 2, 3] })
    .eq('id', second.id)
    .throwOnError();
  const { data: projects } = await service
    .from('projects')
    .insert([
      { name: 'Apollo', status: 'active', budget_hours: 100 },
      { name: 'Gemini', status: 'active' },
      { name: 'Empty', status: 'planned' },
      { name: 'Finished', status: 'completed' },
      { name: 'Dropped', status: 'cancelled' },
    ])
    .select('id,name')
    .throwOnError();
  apollo = projects!.find((p) => p.name === 'Apollo')!.id;
  gemini = projects!.find((p) => p.name === 'Gemini')!.id;
  empty = projects!.find((p) => p.name === 'Empty')!.id;
  await service
    .from('allocations')
    .insert([
      // Two full weeks, Monday to the second Sunday: 10 work days x 4 h.
      {
        project_id: apollo,
        user_id: first.id,
        start_date: '2026-03-02',
        end_date: '2026-03-15',
        hours_per_day: 4,
        tentative: false,
      },
      // Same person again, tentative, one Saturday-to-Tuesday stretch: Monday and Tuesday count, 2 x 2 h.
      {
        project_id: apollo,
        user_id: first.id,
        start_date: '2026-03-07',
        end_date: '2026-03-10',
        hours_per_day: 2,
        tentative: true,
      },
      // A week of a Monday-to-Wednesday person: 3 work days x 8 h.
      {
        project_id: apollo,
        user_id: second.id,
        start_date: '2026-03-02',
        end_date: '2026-03-08',
        hours_per_day: 8,
        tentative: false,
      },
      // The example the screens show: 8 h a day Monday to Friday (the 16th to the 20th), away Tuesday and Wednesday,
      // and 4 hours off on Thursday, which leaves Thursday's hours as they are: 3 x 8 h.
      {
        project_id: gemini,
        user_id: first.id,
        start_date: '2026-03-16',
        end_date: '2026-03-20',
        hours_per_day: 8,
        tentative: false,
      },
      // Tentative, Monday to Wednesday for the Monday-to-Wednesday person, away on Wednesday: 2 x 2 h.
      {
        project_id: gemini,
        user_id: second.id,
        start_date: '2026-03-16',
        end_date: '2026-03-20',
        hours_per_day: 2,
        tentative: true,
      },
    ])
    .throwOnError();
  await service
    .from('time_off')
    .insert([
      { user_id: first.id, start_date: '2026-03-17', end_date: '2026-03-18', kind: 'vacation' },
      { user_id: first.id, start_date: '2026-03-19', end_date: '2026-03-19', kind: 'other', hours: 4 },
      { user_id: second.id, start_date: '2026-03-18', end_date: '2026-03-22', kind: 'sick' },
    ])
    .throwOnError();
}, 120_000);
afterAll(() => h.close());

describe('project_summaries', () => {
  it('counts each person once and plans hours on their own work days only', async () => {
    const { data } = await member
      .from('project_summaries')
      .select('people_count,allocation_count,planned_hours,tentative_hours,budget_hours')
      .eq('id', apollo)
      .single()
      .throwOnError();
    expect(data).toMatchObject({ people_count: 2, allocation_count: 3 });
    expect(Number(data!.planned_hours)).toBe(40 + 4 + 24);
    expect(Number(data!.tentative_hours)).toBe(4);
    expect(Number(data!.budget_hours)).toBe(100);
  });

  it('books no hours on days a person is wholly away, and all of them on a partial day off', async () => {
    const { data } = await member
      .from('project_summaries')
      .select('people_count,allocation_count,planned_hours,tentative_hours')
      .eq('id', gemini)
      .single()
      .throwOnError();
    expect(data).toMatchObject({ people_count: 2, allocation_count: 2 });
    expect(Number(data!.planned_hours)).toBe(3 * 8 + 2 * 2);
    expect(Number(data!.tentative_hours)).toBe(2 * 2);
  });

  it('gives the service role the same figures as a member', async () => {
    const { data } = await service
      .from('project_summaries')
      .select('people_count,planned_hours')
      .eq('id', apollo)
      .single();
    expect(data!.people_count).toBe(2);
    expect(Number(data!.planned_hours)).toBe(68);
  });

  it('shows a project without allocations with zero people and zero hours', async () => {
    const { data } = await member
      .from('project_summaries')
      .select('people_count,planned_hours')
      .eq('id', empty)
      .single()
      .throwOnError();
    expect(data!.people_count).toBe(0);
    expect(Number(data!.planned_hours)).toBe(0);
  });

  it('marks completed and cancelled projects as archived, so the list can hide them', async () => {
    const { data } = await member.from('project_summaries').select('name').eq('archived', false).throwOnError();
    expect(data!.map((p) => p.name).sort()).toEqual(['Apollo', 'Empty', 'Gemini']);
    const { count } = await member
      .from('project_summaries')
      .select('id', { count: 'exact', head: true })
      .eq('archived', true);
    expect(count).toBe(2);
  });

  it('reads as the caller: nothing for a non-member or an anonymous visitor', async () => {
    const { data: outsiderRows } = await nonMember.from('project_summaries').select('id');
    expect(outsiderRows ?? []).toEqual([]);
    const { data: anonymousRows } = await anonClient(h).from('project_summaries').select('id');
    expect(anonymousRows ?? []).toEqual([]);
  });

  it('cannot be written through, even by a project manager', async () => {
    const { error } = await service.from('project_summaries').update({ name: 'Renamed' }).eq('id', apollo);
    expect(error).not.toBeNull();
    const { data } = await service.from('projects').select('name').eq('id', apollo).single();
    expect(data!.name).toBe('Apollo');
    expect(people).toHaveLength(3);
  });
});
