// Writes as PostgREST answers them: bulk inserts and upserts whose rows leave out an identity key (the sequence's next
// value with missing=default, as supabase-js sends for defaultToNull: false), PUT bodies without the key the URL
// names, and malformed bodies answered with 4xx in PostgREST's error shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restHarness, summary, type RestHarness } from './fixture.ts';
import { PARITY_SQL } from './parity-fixture.ts';

let h: RestHarness;
beforeAll(async () => {
  h = await restHarness(PARITY_SQL);
});
afterAll(() => h.close());

const channels = async () =>
  (await (await h.get('/rest/v1/rest_channels?select=id,slug&order=id')).json()) as { id: number; slug: string }[];

describe('rows without their identity key', () => {
  it('inserts them with the next value of the identity with missing=default', async () => {
    const response = await h.send(
      'POST',
      '/rest/v1/rest_channels?columns="id","slug"&select=id,slug',
      [{ slug: 'first' }, { id: 50, slug: 'second' }],
      { Prefer: 'missing=default, return=representation' },
    );
    expect(await summary(response, ['preference-applied'])).toEqual({
      status: 201,
      headers: { 'preference-applied': 'missing=default, return=representation' },
      body: [
        { id: 4, slug: 'first' },
        { id: 50, slug: 'second' },
      ],
    });
  });

  it('upserts them: existing keys merged, the others inserted with the next value', async () => {
    const response = await h.send(
      'POST',
      '/rest/v1/rest_channels?columns="id","slug"&on_conflict=id&select=id,slug',
      [{ id: 1, slug: 'public-renamed' }, { slug: 'third' }],
      { Prefer: 'resolution=merge-duplicates, missing=default, return=representation' },
    );
    expect(await summary(response)).toEqual({
      status: 201,
      headers: {},
      body: [
        { id: 1, slug: 'public-renamed' },
        // Every row draws from the sequence, the one with a key too, as PostgREST's defaults do.
        { id: 7, slug: 'third' },
      ],
    });
    expect((await channels()).map((channel) => channel.slug)).toEqual([
      'public-renamed',
      'random',
      'quiet',
      'first',
      'third',
      'second',
    ]);
  });
});

describe('PUT', () => {
  it('answers PGRST115 for a body without the key the URL names, and writes nothing', async () => {
    const before = await channels();
    expect(await summary(await h.send('PUT', '/rest/v1/rest_channels?id=eq.7', { slug: 'keyless' }))).toEqual({
      status: 400,
      headers: {},
      body: {
        code: 'PGRST115',
        message: 'Payload values do not match URL in primary key column(s)',
        details: null,
        hint: null,
      },
    });
    expect(await channels()).toEqual(before);
  });

  it('reads its columns from the body, not from columns=', async () => {
    const response = await h.send('PUT', '/rest/v1/rest_channels?id=eq.7&columns=slug', { id: 7, slug: 'seventh' });
    expect(response.status).toBe(204);
    expect((await channels()).find((channel) => channel.id === 7)).toEqual({ id: 7, slug: 'seventh' });
  });
});

describe('bodies and values the database cannot read', () => {
  const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

  it('answers a body nested thousands of levels deep with PGRST102, before the database sees it', async () => {
    const response = await h.send('POST', '/rest/v1/rest_channels', `{"slug": ${deep(6000)}}`);
    expect(await summary(response)).toEqual({
      status: 400,
      headers: {},
      body: {
        code: 'PGRST102',
        message: 'Empty or invalid json',
        details: 'The JSON nests more than 1000 levels deep',
        hint: null,
      },
    });
    expect((await h.get('/rest/v1/rest_channels?select=id&id=eq.1')).status).toBe(200);
  });

  it('answers a filter value nested as deep with PGRST100', async () => {
    const response = await h.get(`/rest/v1/rest_channels?slug=eq.${deep(6000)}`);
    expect(await summary(response)).toMatchObject({ status: 400, body: { code: 'PGRST100' } });
  });
});
