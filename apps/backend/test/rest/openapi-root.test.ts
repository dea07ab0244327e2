// The root of the data service through supabase-js's getOpenApiSpec(): the OpenAPI document of the schema a client
// reads, and PostgREST's 406 for a client that accepts no description at all.
import { createNodeClient } from '@teamplan/supabase-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_SQL } from './fixture.ts';
import { startJsBackend, type JsBackend } from './js-backend.ts';

let js: JsBackend;
beforeAll(async () => {
  js = await startJsBackend(FIXTURE_SQL);
});
afterAll(() => js.stop());

/** A client whose every request claims to accept only `accept`, as a proxy rewriting the header would. */
function clientAccepting(accept: string) {
  const fetchAccepting: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('Accept', accept);
    return fetch(input, { ...init, headers });
  };
  return createNodeClient(js.backend.url, js.backend.deps.keys.anonKey, { global: { fetch: fetchAccepting } });
}

describe('getOpenApiSpec', () => {
  it('gets the OpenAPI document of the public schema', async () => {
    const { data, error, status } = await js.anon.getOpenApiSpec();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toMatchObject({ swagger: '2.0', basePath: '/rest/v1/' });
    expect(Object.keys((data as { paths: Record<string, unknown> }).paths)).toContain('/rest_projects');
  });

  it.each(['application/json', '*/*', 'text/csv, application/json'])(
    'answers a client accepting %s',
    async (accept) => {
      const { status, error } = await clientAccepting(accept).getOpenApiSpec();
      expect({ status, error }).toEqual({ status: 200, error: null });
    },
  );

  it.each([
    ['text/csv', 'text/csv'],
    ['application/vnd.pgrst.object+json', 'application/vnd.pgrst.object+json'],
    ['text/csv, application/geo+json', 'text/csv, application/geo+json'],
  ])('refuses a client accepting only %s with PGRST107', async (accept, listed) => {
    const { status, data, error } = await clientAccepting(accept).getOpenApiSpec();
    expect(status).toBe(406);
    expect(data).toBeNull();
    expect({ code: error?.code, message: error?.message }).toEqual({
      code: 'PGRST107',
      message: `None of these media types are available: ${listed}`,
    });
  });
});
