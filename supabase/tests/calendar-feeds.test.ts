// Calendar feed links as real users ask for them: a member reads their own secret token (made on first ask) and
// resets it; nobody reads anyone else's; only the service role (the calendar-feed edge function) turns a token into
// the feed's content, and a reset or a departure from the organization ends an old link.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../apps/backend/test/harness.ts';
import { anonClient, serviceClient, signedUpClient } from './clients.ts';
import { asUser } from './sql.ts';

let h: Harness;
let service: SupabaseClient;
let rosa: { client: SupabaseClient; id: string };
let colleague: { client: SupabaseClient; id: string };
let outsider: SupabaseClient;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A date `days` from today, as the database writes dates. */
const fromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  h = await createHarness();
  service = serviceClient(h);
  await signedUpClient(h, 'founder@example.com', 'Founder');
  rosa = await signedUpClient(h, 'rosa@example.com', 'Rosa Rota');
  colleague = await signedUpClient(h, 'colleague@example.com', 'Colleague');
  const away = await signedUpClient(h, 'outsider@example.com', 'Outsider');
  await service.from('organization_users').delete().eq('user_id', away.id).throwOnError();
  outsider = away.client;
  const { data: project } = await service
    .from('projects')
    .insert({ name: 'Apollo', code: 'APL' })
    .select('id')
    .single()
    .throwOnError();
  await service
    .from('allocations')
    .insert([
      {
        project_id: project!.id,
        user_id: rosa.id,
        start_date: fromToday(7),
        end_date: fromToday(11),
        hours_per_day: 6,
        tentative: true,
        role: 'Design',
        note: 'Kick-off',
      },
      // Work that ended more than a year ago is left out of the feed.
      {
        project_id: project!.id,
        user_id: rosa.id,
        start_date: fromToday(-400),
        end_date: fromToday(-390),
        hours_per_day: 8,
        tentative: false,
      },
      {
        project_id: project!.id,
        user_id: colleague.id,
        start_date: fromToday(7),
        end_date: fromToday(8),
        hours_per_day: 2,
        tentative: false,
      },
    ])
    .throwOnError();
  await service
    .from('time_off')
    .insert({
      user_id: rosa.id,
      start_date: fromToday(20),
      end_date: fromToday(20),
      hours: 4,
      kind: 'other',
      note: 'Private',
    })
    .throwOnError();
}, 120_000);
afterAll(() => h.close());

const tokenOf = async (client: SupabaseClient) => {
  const { data, error } = await client.rpc('calendar_feed_token');
  expect(error).toBeNull();
  return data as string;
};

describe('a member’s feed token', () => {
  it('is made on the first ask, random and URL-safe, and the same on the next ask', async () => {
    const first = await tokenOf(rosa.client);
    expect(first).toMatch(TOKEN);
    expect(await tokenOf(rosa.client)).toBe(first);
    expect(await tokenOf(colleague.client)).not.toBe(first);
  });

  it('changes on reset, and the old token no longer opens the feed', async () => {
    const old = await tokenOf(rosa.client);
    const { data: fresh, error } = await rosa.client.rpc('reset_calendar_feed_token');
    expect(error).toBeNull();
    expect(fresh).toMatch(TOKEN);
    expect(fresh).not.toBe(old);
    expect(await tokenOf(rosa.client)).toBe(fresh);
    expect((await service.rpc('calendar_feed', { p_token: old })).data).toBeNull();
    expect((await service.rpc('calendar_feed', { p_token: fresh })).data).not.toBeNull();
  });

  it('is refused to the anonymous and to someone who is not a member', async () => {
    for (const client of [anonClient(h), outsider]) {
      for (const fn of ['calendar_feed_token', 'reset_calendar_feed_token'] as const) {
        const { data, error } = await client.rpc(fn);
        expect(data).toBeNull();
        expect(error).not.toBeNull();
      }
    }
    const { error } = await outsider.rpc('calendar_feed_token');
    expect(error).toMatchObject({ code: '42501', message: 'Only members of the organization have a calendar feed.' });
  });

  it('cannot be read from the table by anyone, not even a member reading their own row', async () => {
    await tokenOf(colleague.client);
    const read = asUser(h.db, colleague.id, (tx) =>
      tx.query('select token from private.calendar_feeds where user_id = $1', [colleague.id]),
    );
    await expect(read).rejects.toMatchObject({ code: '42501' });
    // Nor through the data API, which does not serve the private schema.
    const { data, error } = await service
      .schema('private' as 'public')
      .from('calendar_feeds' as 'profiles')
      .select();
    expect(data).toBeNull();
    expect(error).not.toBeNull();
  });
});

describe('calendar_feed', () => {
  it('gives the person, their allocations with the project and their time off without its note', async () => {
    const { data, error } = await service.rpc('calendar_feed', { p_token: await tokenOf(rosa.client) });
    expect(error).toBeNull();
    expect(data).toEqual({
      user_id: rosa.id,
      full_name: 'Rosa Rota',
      allocations: [
        {
          id: expect.any(String),
          project_name: 'Apollo',
          project_code: 'APL',
          start_date: fromToday(7),
          end_date: fromToday(11),
          hours_per_day: 6,
          tentative: true,
          role: 'Design',
          note: 'Kick-off',
          updated_at: expect.any(String),
        },
      ],
      time_off: [
        { id: expect.any(String), kind: 'other', start_date: fromToday(20), end_date: fromToday(20), hours: 4 },
      ],
    });
  });

  it('is null for a token nobody holds', async () => {
    const { data, error } = await service.rpc('calendar_feed', { p_token: 'x'.repeat(43) });
    expect(error).toBeNull();
    expect(data).toBeNull();
  });

  it('cannot be called by the anonymous, members or non-members', async () => {
    const token = await tokenOf(rosa.client);
    for (const client of [anonClient(h), rosa.client, colleague.client, outsider]) {
      const { data, error } = await client.rpc('calendar_feed', { p_token: token });
      expect(data).toBeNull();
      expect(error).toMatchObject({ code: '42501' });
    }
  });

  it('ends with the person’s membership', async () => {
    const leaver = await signedUpClient(h, 'leaver@example.com', 'Leaver');
    const token = await tokenOf(leaver.client);
    expect((await service.rpc('calendar_feed', { p_token: token })).data).toMatchObject({ full_name: 'Leaver' });
    await service.from('organization_users').delete().eq('user_id', leaver.id).throwOnError();
    expect((await service.rpc('calendar_feed', { p_token: token })).data).toBeNull();
  });
});
