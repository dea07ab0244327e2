// Time off as people record it through the API: whole or partial days (hours), entries of one person that never
// overlap, and what a time off would take off the person's allocations (public.time_off_overlaps), allowed and
// refused as real users.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../apps/backend/test/harness.ts';
import { anonClient, serviceClient, signedUpClient } from './clients.ts';

let h: Harness;
let service: SupabaseClient;
let sammie: { client: SupabaseClient; id: string };
let colleague: { client: SupabaseClient; id: string };
let outsider: SupabaseClient;
let apollo: string;

// 2026-01-05 is a Monday.
beforeAll(async () => {
  h = await createHarness();
  service = serviceClient(h);
  await signedUpClient(h, 'founder@example.com', 'Founder');
  sammie = await signedUpClient(h, 'sammie@example.com', 'Sammie');
  colleague = await signedUpClient(h, 'colleague@example.com', 'Colleague');
  const away = await signedUpClient(h, 'outsider@example.com', 'Outsider');
  await service.from('organization_users').delete().eq('user_id', away.id).throwOnError();
  outsider = away.client;
  const { data } = await service
    .from('projects')
    .insert([
      { name: 'Apollo', color: '#1c7ed6' },
      { name: 'Borealis', color: '#2f9e44' },
    ])
    .select('id,name')
    .throwOnError();
  apollo = data!.find((p) => p.name === 'Apollo')!.id;
  const borealis = data!.find((p) => p.name === 'Borealis')!.id;
  await service
    .from('allocations')
    .insert([
      {
        project_id: apollo,
        user_id: sammie.id,
        start_date: '2026-01-05',
        end_date: '2026-01-09',
        hours_per_day: 8,
        tentative: false,
      },
      // Only a weekend falls in the dates asked about below: it takes no work off.
      {
        project_id: borealis,
        user_id: sammie.id,
        start_date: '2026-01-10',
        end_date: '2026-01-11',
        hours_per_day: 2,
        tentative: false,
      },
      // Someone else's work on the same days is not Sammie's.
      {
        project_id: borealis,
        user_id: colleague.id,
        start_date: '2026-01-05',
        end_date: '2026-01-09',
        hours_per_day: 4,
        tentative: false,
      },
      {
        project_id: borealis,
        user_id: sammie.id,
        start_date: '2026-01-07',
        end_date: '2026-01-30',
        hours_per_day: 2,
        tentative: true,
      },
    ])
    .throwOnError();
}, 120_000);
afterAll(() => h.close());

const entriesOf = async (userId: string) =>
  (
    await service
      .from('time_off')
      .select('start_date,end_date,hours')
      .eq('user_id', userId)
      .order('start_date')
      .throwOnError()
  ).data;

describe('recording time off', () => {
  it('takes hours for a partial day, which members see (the note stays private)', async () => {
    const { data } = await sammie.client
      .from('time_off')
      .insert({ user_id: sammie.id, start_date: '2026-02-02', end_date: '2026-02-02', hours: 3.5, note: 'Dentist' })
      .select('hours,note')
      .single()
      .throwOnError();
    expect(data).toEqual({ hours: 3.5, note: 'Dentist' });
    const { data: seen } = await colleague.client
      .from('time_off')
      .select('hours,note')
      .eq('user_id', sammie.id)
      .eq('start_date', '2026-02-02')
      .throwOnError();
    expect(seen).toEqual([{ hours: 3.5, note: null }]);
    await sammie.client.from('time_off').update({ hours: null }).eq('user_id', sammie.id).throwOnError();
    expect(await entriesOf(sammie.id)).toEqual([{ start_date: '2026-02-02', end_date: '2026-02-02', hours: null }]);
  });

  it('refuses hours off of 0 or more than 24 a day, and stores nothing', async () => {
    for (const hours of [0, 24.5]) {
      const { error } = await sammie.client
        .from('time_off')
        .insert({ user_id: sammie.id, start_date: '2026-02-09', end_date: '2026-02-09', hours });
      expect(error).toMatchObject({ code: '23514' });
      expect(error!.message).toContain('time_off_hours_per_day');
    }
    expect(await entriesOf(sammie.id)).toHaveLength(1);
  });

  it('refuses time off overlapping the same person’s other entry (4-7 Jan, then 5-6 Jan), and stores nothing', async () => {
    await sammie.client
      .from('time_off')
      .insert({ user_id: sammie.id, start_date: '2026-01-04', end_date: '2026-01-07' })
      .throwOnError();
    const { error } = await sammie.client
      .from('time_off')
      .insert({ user_id: sammie.id, start_date: '2026-01-05', end_date: '2026-01-06', kind: 'sick' });
    expect(error).toMatchObject({ code: '23P01' });
    expect(error!.message).toContain('time_off_no_overlap');
    // A planner is refused the same; so is moving an entry onto another.
    const { error: byPlanner } = await service
      .from('time_off')
      .insert({ user_id: sammie.id, start_date: '2026-01-07', end_date: '2026-01-07', hours: 2 });
    expect(byPlanner).toMatchObject({ code: '23P01' });
    const { error: moved } = await sammie.client
      .from('time_off')
      .update({ start_date: '2026-01-06', end_date: '2026-01-06' })
      .eq('user_id', sammie.id)
      .eq('start_date', '2026-02-02');
    expect(moved).toMatchObject({ code: '23P01' });
    expect(await entriesOf(sammie.id)).toEqual([
      { start_date: '2026-01-04', end_date: '2026-01-07', hours: null },
      { start_date: '2026-02-02', end_date: '2026-02-02', hours: null },
    ]);
  });

  it('accepts entries that follow each other, and another person’s time off on the same days', async () => {
    await sammie.client
      .from('time_off')
      .insert({ user_id: sammie.id, start_date: '2026-01-08', end_date: '2026-01-08' })
      .throwOnError();
    await colleague.client
      .from('time_off')
      .insert({ user_id: colleague.id, start_date: '2026-01-05', end_date: '2026-01-06' })
      .throwOnError();
    expect(await entriesOf(sammie.id)).toHaveLength(3);
  });
});

describe('time_off_overlaps', () => {
  const args = { p_user_id: '', p_start_date: '2026-01-06', p_end_date: '2026-01-11' };

  it('lists the person’s allocations on their work days between the dates, with the hours they book there', async () => {
    const { data, error } = await colleague.client.rpc('time_off_overlaps', { ...args, p_user_id: sammie.id });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        allocation_id: expect.any(String),
        project_id: apollo,
        project_name: 'Apollo',
        project_color: '#1c7ed6',
        start_date: '2026-01-05',
        end_date: '2026-01-09',
        hours_per_day: 8,
        tentative: false,
        overlap_start: '2026-01-06',
        overlap_end: '2026-01-09',
        work_days: 4,
        hours: 32,
      },
      expect.objectContaining({
        project_name: 'Borealis',
        tentative: true,
        overlap_start: '2026-01-07',
        overlap_end: '2026-01-11',
        work_days: 3,
        hours: 6,
      }),
    ]);
  });

  it('refuses someone who is not a member, the anonymous, and dates in the wrong order', async () => {
    const denied = await outsider.rpc('time_off_overlaps', { ...args, p_user_id: sammie.id });
    expect(denied).toMatchObject({ data: null, error: { code: '42501' } });
    const anonymous = await anonClient(h).rpc('time_off_overlaps', { ...args, p_user_id: sammie.id });
    expect(anonymous.data).toBeNull();
    expect(anonymous.error).not.toBeNull();
    const reversed = await sammie.client.rpc('time_off_overlaps', {
      p_user_id: sammie.id,
      p_start_date: '2026-01-09',
      p_end_date: '2026-01-05',
    });
    expect(reversed.error).toMatchObject({ code: '22023', message: 'The last day must not be before the first day.' });
  });
});
