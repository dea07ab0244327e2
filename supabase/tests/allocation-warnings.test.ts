// What the allocation forms and the planner warn about before saving (public.allocation_warnings): days outside the
// project's dates, its budget with the allocation counted once, time off overlapped, and dates with no work day;
// members may ask, others are refused.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../apps/backend/test/harness.ts';
import { anonClient, serviceClient, signedUpClient } from './clients.ts';

let h: Harness;
let member: SupabaseClient;
let outsider: SupabaseClient;
let sammie: string;
let apollo: string;
let existing: string;

interface Warnings {
  project: { name: string; start_date: string; end_date: string; budget_hours: number; planned_hours: number };
  days_before_project: number;
  days_after_project: number;
  work_days: number;
  work_days_off: number;
  hours: number;
  time_off: { start_date: string; end_date: string; hours: number | null; kind: string }[];
}

// Apollo runs Monday 5 to Friday 30 January 2026 with a 100-hour budget, 40 of them planned (Sammie's first week).
beforeAll(async () => {
  h = await createHarness();
  const service = serviceClient(h);
  member = (await signedUpClient(h, 'founder@example.com', 'Founder')).client;
  sammie = (await signedUpClient(h, 'sammie@example.com', 'Sammie')).id;
  const away = await signedUpClient(h, 'outsider@example.com', 'Outsider');
  await service.from('organization_users').delete().eq('user_id', away.id).throwOnError();
  outsider = away.client;
  const { data: project } = await service
    .from('projects')
    .insert({ name: 'Apollo', start_date: '2026-01-05', end_date: '2026-01-30', budget_hours: 100 })
    .select('id')
    .single()
    .throwOnError();
  apollo = project!.id;
  const { data: allocation } = await service
    .from('allocations')
    .insert({
      project_id: apollo,
      user_id: sammie,
      start_date: '2026-01-05',
      end_date: '2026-01-09',
      hours_per_day: 8,
      tentative: false,
    })
    .select('id')
    .single()
    .throwOnError();
  existing = allocation!.id;
  await service
    .from('time_off')
    .insert({ user_id: sammie, start_date: '2026-01-19', end_date: '2026-01-20', kind: 'vacation' })
    .throwOnError();
}, 120_000);
afterAll(() => h.close());

const ask = async (client: SupabaseClient, args: Record<string, unknown>) =>
  client.rpc('allocation_warnings', { p_project_id: apollo, p_user_id: sammie, p_hours_per_day: 8, ...args });

describe('allocation_warnings', () => {
  it('counts the days outside the project and the hours against its budget', async () => {
    const { data, error } = await ask(member, { p_start_date: '2026-01-01', p_end_date: '2026-02-03' });
    expect(error).toBeNull();
    const warnings = data as Warnings;
    expect(warnings.days_before_project).toBe(4);
    expect(warnings.days_after_project).toBe(4);
    expect(warnings.project).toMatchObject({ name: 'Apollo', budget_hours: 100, planned_hours: 40 });
    // 24 work days, 2 of them off: 22 days of 8 hours.
    expect(warnings).toMatchObject({ work_days: 24, work_days_off: 2, hours: 176 });
    expect(warnings.time_off).toEqual([
      { start_date: '2026-01-19', end_date: '2026-01-20', hours: null, kind: 'vacation' },
    ]);
  });

  it('leaves the allocation being changed out of the planned hours', async () => {
    const { data } = await ask(member, {
      p_start_date: '2026-01-05',
      p_end_date: '2026-01-09',
      p_allocation_id: existing,
    });
    expect((data as Warnings).project.planned_hours).toBe(0);
    expect(data).toMatchObject({ days_before_project: 0, days_after_project: 0, hours: 40, time_off: [] });
  });

  it('finds no work day on a weekend', async () => {
    const { data } = await ask(member, { p_start_date: '2026-01-10', p_end_date: '2026-01-11' });
    expect(data).toMatchObject({ work_days: 0, hours: 0 });
  });

  it('refuses someone who is not a member, the anonymous, and reversed dates', async () => {
    const outside = await ask(outsider, { p_start_date: '2026-01-05', p_end_date: '2026-01-09' });
    expect(outside.error?.code).toBe('42501');
    const anonymous = await ask(anonClient(h), { p_start_date: '2026-01-05', p_end_date: '2026-01-09' });
    expect(anonymous.data).toBeNull();
    expect(anonymous.error).not.toBeNull();
    const reversed = await ask(member, { p_start_date: '2026-01-09', p_end_date: '2026-01-05' });
    expect(reversed.error?.message).toBe('The end date must not be before the start date.');
  });
});

describe('clip_project_allocations', () => {
  it('cuts allocations reaching outside the project back to its dates, leaves those wholly outside, and only for managers', async () => {
    const service = serviceClient(h);
    const { data: project } = await service
      .from('projects')
      .insert({ name: 'Borealis', start_date: '2026-02-02', end_date: '2026-02-27' })
      .select('id')
      .single()
      .throwOnError();
    const row = { project_id: project!.id, user_id: sammie, hours_per_day: 4, tentative: false };
    const { data: rows } = await service
      .from('allocations')
      .insert([
        { ...row, start_date: '2026-01-26', end_date: '2026-02-06' },
        { ...row, start_date: '2026-02-09', end_date: '2026-02-13' },
        { ...row, start_date: '2026-02-23', end_date: '2026-03-06' },
        { ...row, start_date: '2026-03-09', end_date: '2026-03-13' },
      ])
      .select('id')
      .throwOnError();

    const colleague = await signedUpClient(h, 'colleague@example.com', 'Colleague');
    const refused = await colleague.client.rpc('clip_project_allocations', { p_project_id: project!.id });
    expect(refused.data).toBe(0);

    const { data: clipped, error } = await member.rpc('clip_project_allocations', { p_project_id: project!.id });
    expect(error).toBeNull();
    expect(clipped).toBe(2);
    const { data: after } = await service
      .from('allocations')
      .select('id,start_date,end_date')
      .eq('project_id', project!.id)
      .order('start_date')
      .throwOnError();
    expect(after!.map((a) => [a.start_date, a.end_date])).toEqual([
      ['2026-02-02', '2026-02-06'],
      ['2026-02-09', '2026-02-13'],
      ['2026-02-23', '2026-02-27'],
      ['2026-03-09', '2026-03-13'],
    ]);
    expect(after!.map((a) => a.id).sort()).toEqual(rows!.map((r) => r.id).sort());
  });
});
