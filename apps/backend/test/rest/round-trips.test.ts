// How many times a request goes to the database: one batch (scope and statement together, one round trip) for
// every request whose result does not decide between commit and rollback; an explicit transaction otherwise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/types.ts';
import { FIXTURE_SQL, restHarness, type RestHarness } from './fixture.ts';

let h: RestHarness;
const calls = { batch: 0, transaction: 0, query: 0 };

function count(db: Db): void {
  for (const method of ['batch', 'transaction', 'query'] as const) {
    const original = db[method].bind(db) as (...args: unknown[]) => Promise<unknown>;
    (db as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      calls[method]++;
      return original(...args);
    };
  }
}

beforeAll(async () => {
  // tx=rollback needs a database that lets requests choose how their transaction ends, as PostgREST does.
  h = await restHarness(`${FIXTURE_SQL}
    do $$ begin execute format('alter database %I set pgrst.db_tx_end = %L', current_database(),
      'commit-allow-override'); end $$;`);
  await h.get('/rest/v1/rest_clients'); // loads the schema cache
  count(h.db);
});
afterAll(() => h.close());

const json = { 'Content-Type': 'application/json' };
const object = { Accept: 'application/vnd.pgrst.object+json' };

describe('round trips per request', () => {
  it.each([
    ['a read', 'GET', '/rest/v1/rest_clients?id=eq.1', undefined, {}, 'batch'],
    ['a counted read', 'GET', '/rest/v1/rest_clients', undefined, { Prefer: 'count=exact' }, 'batch'],
    ['a planned count', 'GET', '/rest/v1/rest_clients', undefined, { Prefer: 'count=planned' }, 'batch'],
    ['a single object read', 'GET', '/rest/v1/rest_clients?id=eq.1', undefined, object, 'batch'],
    ['an insert', 'POST', '/rest/v1/rest_clients', { name: 'Trip' }, json, 'batch'],
    ['an update', 'PATCH', '/rest/v1/rest_clients?name=eq.Trip', { name: 'Trip 2' }, json, 'batch'],
    ['a PUT', 'PUT', '/rest/v1/rest_clients?id=eq.90', { id: 90, name: 'Put' }, json, 'batch'],
    ['a delete', 'DELETE', '/rest/v1/rest_clients?name=eq.Trip 2', undefined, {}, 'batch'],
    ['a function called by GET', 'GET', '/rest/v1/rpc/rest_missing', undefined, {}, 'none'],
    [
      'an insert asked as one object',
      'POST',
      '/rest/v1/rest_clients',
      { name: 'One' },
      { ...json, ...object, Prefer: 'return=representation' },
      'transaction',
    ],
    [
      'tx=rollback',
      'POST',
      '/rest/v1/rest_clients',
      { name: 'Ghost' },
      { ...json, Prefer: 'tx=rollback' },
      'transaction',
    ],
  ])('%s', async (_name, method, path, body, headers, expected) => {
    calls.batch = calls.transaction = calls.query = 0;
    const response = await h.request(path, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.status).toBeLessThan(500);
    expect(calls).toEqual({
      batch: expected === 'batch' ? 1 : 0,
      transaction: expected === 'transaction' ? 1 : 0,
      query: 0,
    });
  });
});
