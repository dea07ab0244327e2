// Aggregates beside spread embeds, as PostgREST answers them: the spread columns group the rows, an aggregate inside
// a to-one spread is computed in the resource it is spread into, embedded rows group too, and aggregates in a to-many
// spread are refused with PGRST127.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restHarness, summary, type RestHarness } from './fixture.ts';
import { PARITY_SQL } from './parity-fixture.ts';

let h: RestHarness;
beforeAll(async () => {
  // PostgREST leaves aggregates off; these tables are read by a database that enables them, before its first request.
  h = await restHarness(`${PARITY_SQL}
    do $$ begin execute format('alter database %I set pgrst.db_aggregates_enabled = true', current_database()); end $$;`);
});
afterAll(() => h.close());

const read = async (path: string) => summary(await h.get(`/rest/v1/${path}`));
const PUBLIC = 'Details for public channel';
const RANDOM = 'Details for random channel';

describe('aggregates beside to-one spreads', () => {
  it.each([
    [
      'rest_users?select=username,rest_messages(rest_channels(count(),...rest_channel_details(details)))&username=eq.supabot',
      [
        {
          username: 'supabot',
          rest_messages: [
            { rest_channels: { count: 1, details: PUBLIC } },
            { rest_channels: { count: 1, details: RANDOM } },
            { rest_channels: { count: 1, details: null } },
            { rest_channels: { count: 1, details: null } },
          ],
        },
      ],
    ],
    [
      'rest_messages?select=rest_channels(id.sum(),...rest_channel_details(details_sum:id.sum(),details))&id=lte.3&order=id',
      [
        { rest_channels: { sum: 1, details_sum: 1, details: PUBLIC } },
        { rest_channels: { sum: 2, details_sum: 2, details: RANDOM } },
        { rest_channels: { sum: 3, details_sum: null, details: null } },
      ],
    ],
    // The sum is taken over every message of the user, not within each message's channel.
    ['rest_messages?select=username,...rest_channels(channel_sum:id.sum())', [{ username: 'supabot', channel_sum: 9 }]],
    [
      'rest_messages?select=channel_id,...rest_channels(count())&order=channel_id',
      [
        { channel_id: 1, count: 1 },
        { channel_id: 2, count: 1 },
        { channel_id: 3, count: 2 },
      ],
    ],
    [
      'rest_messages?select=total:count(),...rest_channels(slug,...rest_channel_details(*))',
      [
        { total: 1, slug: 'public', id: 1, details: PUBLIC },
        { total: 1, slug: 'random', id: 2, details: RANDOM },
        { total: 2, slug: 'quiet', id: null, details: null },
      ],
    ],
  ])('%s', async (path, body: unknown[]) => {
    const answer = await read(path);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(expect.arrayContaining(body));
    expect(answer.body).toHaveLength(body.length);
  });
});

describe('aggregates beside embedded rows', () => {
  it('groups by the embedded row', async () => {
    expect(await read('rest_messages?select=total:count(),rest_channels(slug)')).toMatchObject({
      status: 200,
      body: expect.arrayContaining([
        { total: 1, rest_channels: { slug: 'public' } },
        { total: 1, rest_channels: { slug: 'random' } },
        { total: 2, rest_channels: { slug: 'quiet' } },
      ]),
    });
  });
});

describe('aggregates in a to-many spread', () => {
  it('refuses them with PGRST127', async () => {
    expect(await read('rest_channels?select=slug,...rest_messages(id.count())')).toEqual({
      status: 400,
      headers: {},
      body: {
        code: 'PGRST127',
        message: 'Feature not implemented',
        details: 'Aggregates are not implemented for one-to-many or many-to-many spreads.',
        hint: null,
      },
    });
  });
});
