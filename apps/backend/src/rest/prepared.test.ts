// Reads prepared once: kept per request and schema cache, never served for another request or an older schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restHarness, type RestHarness } from '../../test/rest/fixture.ts';
import { createPreparedCache, type Prepared } from './prepared.ts';
import type { RawRequest } from './request/parse.ts';
import { emptySchemaCache } from './schema/types.ts';

const raw = (overrides: Partial<RawRequest> = {}): RawRequest => ({
  method: 'GET',
  path: '/items',
  query: 'id=eq.1',
  headers: {},
  body: '',
  ...overrides,
});
const entry = { request: { headers: { authorization: 'Bearer secret' } } } as unknown as Prepared;

describe('createPreparedCache', () => {
  it('keys a read by method, path, query and every header the parse stage reads', () => {
    const prepared = createPreparedCache();
    const keys = [
      raw(),
      raw({ method: 'HEAD' }),
      raw({ path: '/other' }),
      raw({ query: 'id=eq.2' }),
      ...['accept', 'accept-profile', 'prefer', 'range'].map((name) => raw({ headers: { [name]: 'x' } })),
      raw({ headers: { prefer: '' } }),
    ].map((request) => prepared.keyOf(request));
    expect(new Set(keys).size).toBe(keys.length);
    expect(prepared.keyOf(raw({ headers: { authorization: 'Bearer other', 'user-agent': 'x' } }))).toBe(keys[0]);
  });

  it('keeps no write, which has a body to read', () => {
    const prepared = createPreparedCache();
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) expect(prepared.keyOf(raw({ method }))).toBeUndefined();
  });

  it('serves an entry for the schema cache it was made with, without the headers of the request that made it', () => {
    const prepared = createPreparedCache();
    const first = emptySchemaCache(['public']);
    const key = prepared.keyOf(raw())!;
    prepared.set(key, first, entry);
    expect(prepared.get(key, first)?.request.headers).toEqual({});
    expect(prepared.get(key, emptySchemaCache(['public']))).toBeUndefined();
  });

  it('forgets every entry once a newer schema cache is used', () => {
    const prepared = createPreparedCache();
    const [first, second] = [emptySchemaCache(['public']), emptySchemaCache(['public'])];
    const [a, b] = [prepared.keyOf(raw())!, prepared.keyOf(raw({ query: 'id=eq.2' }))!];
    prepared.set(a, first, entry);
    prepared.set(b, second, entry);
    expect(prepared.get(a, first)).toBeUndefined();
    expect(prepared.get(b, second)).toBeDefined();
  });
});

describe('a repeated read', () => {
  let h: RestHarness;
  beforeAll(async () => {
    h = await restHarness(`
      create table public.rest_counters (id int primary key, hits int not null);
      insert into public.rest_counters values (1, 5);
      create function public.rest_hits(n int) returns int language sql stable as
        'select hits from public.rest_counters where id = n';
    `);
  });
  afterAll(() => h.close());

  it('is planned again once the schema changes', async () => {
    const path = '/rest/v1/rpc/rest_hits?n=1';
    expect(await (await h.get(path)).json()).toBe(5);
    await h.db.exec(`
      drop function public.rest_hits(int);
      create function public.rest_hits(n int) returns setof int language sql stable as
        'select hits from public.rest_counters where id = n';
      notify pgrst, 'reload schema';
    `);
    await expect.poll(async () => (await h.get(path)).json(), { timeout: 10_000 }).toEqual([5]);
  });
});
