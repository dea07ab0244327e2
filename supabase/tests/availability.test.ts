// Who is free between two dates, as the allocation form's person picker asks (public.availability): capacity minus
// booked hours with time off applied, tentative work counted or not, the most free first; members may ask, others
// are refused.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../apps/backend/test/harness.ts';
import { anonClient, serviceClient, signedUpClient } from './clients.ts';

let h: Harness;
let founder: SupabaseClient;
let member: SupabaseClient;
let outsider: SupabaseClient;

// Monday 16 to Friday 20 March 2026.
const RANGE = { p_from: '2026-03-16', p_to: '2026-03-20' };

interface Availability {
  full_name: string;
  capacity_hours: number;
  allocated_hours: number;
  free_hours: number;
  time_off_days: number;
  time_off_hours: number;
}

beforeAll(async () => {
  h = await createHarness();
  const service = serviceClient(h);
  founder = (await signedUpClient(h, 'founder@example.com', 'Founder')).client;
  const ada = await signedUpClient(h, 'ada@example.com', 'Ada');
  const bo = await signedUpClient(h, 'bo@example.com', 'Bo');
  const cy = await signedUpClient(h, 'cy@example.com', 'Cy');
  member = (await signedUpClient(h, 'dee@example.com', 'Dee')).client;
  const away = await signedUpClient(h, 'outsider@example.com', 'Outsider');
  await service.from('organization_users').delete().eq('user_id', away.id).throwOnError();
  outsider = away.client;
  const { data: project } = await service
    .from('projects')
    .insert({ name: 'Apollo' })
    .select('id')
    .single()
    .throwOnError();
  const week = { project_id: project!.id, start_date: RANGE.p_from, end_date: RANGE.p_to };
  await service
    .from('allocations')
    .insert([
      { ...week, user_id: ada.id, hours_per_day: 8, tentative: false },
      { ...week, user_id: bo.id, hours_per_day: 4, tentative: false },
      { ...week, user_id: cy.id, hours_per_day: 6, tentative: true },
    ])
    .throwOnError();
  await service
    .from('time_off')
    .insert([
      // Two hours off on Monday: Ada's 40 booked hours no longer fit.
      { user_id: ada.id, start_date: '2026-03-16', end_date: '2026-03-16', hours: 2 },
      // Tuesday and Wednesday off: 24 hours of capacity, 12 of them booked.
      { user_id: bo.id, start_date: '2026-03-17', end_date: '2026-03-18' },
    ])
    .throwOnError();
}, 120_000);
afterAll(() => h.close());

const freeHours = (rows: Availability[]) => rows.map((row) => [row.full_name, row.free_hours]);

describe('availability', () => {
  it('gives each member their free hours, the most free first, with tentative work counted', async () => {
    const { data, error } = await member.rpc('availability', RANGE);
    expect(error).toBeNull();
    expect(freeHours(data as Availability[])).toEqual([
      ['Dee', 40],
      ['Founder', 40],
      ['Bo', 12],
      ['Cy', 10],
      ['Ada', -2],
    ]);
    expect((data as Availability[]).find((row) => row.full_name === 'Bo')).toMatchObject({
      capacity_hours: 24,
      allocated_hours: 12,
      time_off_days: 2,
      time_off_hours: 16,
    });
    expect((data as Availability[]).find((row) => row.full_name === 'Ada')).toMatchObject({
      capacity_hours: 38,
      allocated_hours: 40,
      time_off_days: 0,
      time_off_hours: 2,
    });
  });

  it('sums a range across months', async () => {
    const { data } = await member.rpc('availability', { p_from: RANGE.p_from, p_to: '2026-04-03' }).throwOnError();
    expect(freeHours(data as Availability[])).toEqual([
      ['Dee', 120],
      ['Founder', 120],
      ['Bo', 92],
      ['Cy', 90],
      ['Ada', 78],
    ]);
  });

  it('leaves tentative work out on request', async () => {
    const { data } = await founder.rpc('availability', { ...RANGE, p_include_tentative: false }).throwOnError();
    expect(freeHours(data as Availability[])).toEqual([
      ['Cy', 40],
      ['Dee', 40],
      ['Founder', 40],
      ['Bo', 12],
      ['Ada', -2],
    ]);
  });

  it('refuses someone who is not a member, the anonymous, and a reversed range', async () => {
    const denied = await outsider.rpc('availability', RANGE);
    expect(denied).toMatchObject({ data: null, error: { code: '42501' } });
    const anonymous = await anonClient(h).rpc('availability', RANGE);
    expect(anonymous.data).toBeNull();
    expect(anonymous.error).not.toBeNull();
    const reversed = await member.rpc('availability', { p_from: RANGE.p_to, p_to: RANGE.p_from });
    expect(reversed.error).toMatchObject({
      code: '22023',
      message: 'The end of the range must not be before its start.',
    });
  });
});
