// First steps of an organization: whether anyone has joined yet (asked by the sign-up page, signed in or not), and
// the set-up steps a new administrator sees ticked as they are done; members without the permission are refused.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../apps/backend/test/harness.ts';
import { anonClient, serviceClient, signedUpClient } from './clients.ts';

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
}, 120_000);
afterAll(() => h.close());

describe('onboarding', () => {
  it('says whether anyone has joined, and ticks each set-up step once done', async () => {
    const anon = anonClient(h);
    expect((await anon.rpc('organization_has_members')).data).toBe(false);

    const founder: SupabaseClient = (await signedUpClient(h, 'founder@example.com', 'Founder')).client;
    expect((await anon.rpc('organization_has_members')).data).toBe(true);
    const progress = async () => (await founder.rpc('setup_progress')).data;
    expect(await progress()).toEqual({ named: false, invited: false, project: false, planned: false });

    const service = serviceClient(h);
    await founder.from('organization').update({ name: 'Acme' }).neq('name', '').throwOnError();
    const member = await signedUpClient(h, 'member@example.com', 'Member');
    const { data: project } = await founder
      .from('projects')
      .insert({ name: 'Apollo' })
      .select('id')
      .single()
      .throwOnError();
    expect(await progress()).toEqual({ named: true, invited: true, project: true, planned: false });
    await service
      .from('allocations')
      .insert({
        project_id: project!.id,
        user_id: member.id,
        start_date: '2026-01-05',
        end_date: '2026-01-09',
        hours_per_day: 4,
      })
      .throwOnError();
    expect(await progress()).toEqual({ named: true, invited: true, project: true, planned: true });

    const refused = await member.client.rpc('setup_progress');
    expect(refused.error?.code).toBe('42501');
  });
});
