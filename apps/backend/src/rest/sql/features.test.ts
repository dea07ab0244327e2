// Parse -> plan -> SQL for PUT, EXPLAIN plans, planned counts, CSV bodies, spreads and their aggregates, table-driven.
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../errors.ts';
import { planRequest } from '../plan/plan.ts';
import type { MutateAction, ReadAction } from '../plan/types.ts';
import { csvToJson } from '../request/csv.ts';
import { parseRequest, type RawRequest } from '../request/parse.ts';
import { fixtureCache } from '../schema/fixture.ts';
import { buildStatement, plannedCountStatement } from './statement.ts';

const cache = fixtureCache();
const plan = (overrides: Partial<RawRequest>) =>
  planRequest(
    parseRequest(
      { method: 'GET', path: '/projects', query: '', headers: {}, body: '', ...overrides },
      { schemas: ['public'] },
    ),
    cache,
    { maxRows: 1000 },
  );
const failure = (overrides: Partial<RawRequest>) => {
  try {
    plan(overrides);
  } catch (error) {
    return (error as ApiError).body.code;
  }
  return 'no error';
};
const PUT = { method: 'PUT', path: '/clients', headers: { 'content-type': 'application/json' } };
const C = '"public"."clients"';

describe('PUT', () => {
  it('plans an insert merging on the primary key, written only where the URL key matches', () => {
    const action = plan({ ...PUT, query: 'id=eq.7', body: '{"id":7,"name":"x"}' }) as MutateAction;
    expect(action.mutation).toBe('upsert');
    expect(action.mutate).toMatchObject({
      kind: 'insert',
      conflict: { resolution: 'merge-duplicates', columns: ['id'] },
    });
    const { text, params } = buildStatement(action);
    expect(text).toContain(`INSERT INTO ${C}("id", "name") SELECT pgrst_body."id", pgrst_body."name" FROM`);
    expect(text).toContain(`WHERE pgrst_body."id" = $2 AND set_config('pgrst.inserted'`);
    expect(text).toContain('ON CONFLICT("id") DO UPDATE SET "id" = EXCLUDED."id", "name" = EXCLUDED."name"');
    expect(params).toEqual(['{"id":7,"name":"x"}', '7']);
  });

  it.each([
    ['no filter', '', 'PGRST105'],
    ['a non-key filter', 'id=eq.1&name=eq.x', 'PGRST105'],
    ['gt', 'id=gt.1', 'PGRST105'],
    ['not.eq', 'id=not.eq.1', 'PGRST105'],
    ['eq(any)', 'id=eq(any).{1}', 'PGRST105'],
    ['limit', 'id=eq.1&limit=1', 'PGRST114'],
    ['offset', 'id=eq.1&offset=1', 'PGRST114'],
  ])('refuses %s', (_name, query, code) => {
    expect(failure({ ...PUT, query, body: '{"id":1,"name":"x"}' })).toBe(code);
  });
});

describe('EXPLAIN', () => {
  it.each([
    ['application/vnd.pgrst.plan+json', 'EXPLAIN (FORMAT JSON) WITH'],
    ['application/vnd.pgrst.plan+text', 'EXPLAIN (FORMAT TEXT) WITH'],
    ['application/vnd.pgrst.plan', 'EXPLAIN (FORMAT TEXT) WITH'],
    [
      'application/vnd.pgrst.plan+json; options=analyze|verbose|buffers',
      'EXPLAIN (FORMAT JSON, ANALYZE, VERBOSE, BUFFERS) WITH',
    ],
  ])('wraps the statement for %s', (accept, prefix) => {
    expect(buildStatement(plan({ headers: { accept } })).text.startsWith(prefix)).toBe(true);
  });

  it('explains the statement of the media type named by for=', () => {
    const action = plan({
      headers: { accept: 'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"' },
    });
    expect(action.format).toMatchObject({ kind: 'plan', of: { kind: 'object' } });
    expect(buildStatement(action).text).toContain("coalesce((json_agg(_postgrest_t)->0)::text, 'null') AS body");
  });

  it.each([['options=drop'], ['for="text/html"']])('refuses %s with PGRST107', (param) => {
    expect(failure({ headers: { accept: `application/vnd.pgrst.plan+json; ${param}` } })).toBe('PGRST107');
  });

  it('refuses plans where the database has not enabled them', () => {
    const request = parseRequest(
      { method: 'GET', path: '/projects', query: '', headers: { accept: 'application/vnd.pgrst.plan' }, body: '' },
      { schemas: ['public'] },
    );
    expect(() => planRequest(request, { ...cache, planEnabled: false })).toThrow('None of these media types');
  });
});

describe('planned and estimated counts', () => {
  it.each([
    ['planned', false, undefined],
    ['estimated', true, 1000],
  ])('count=%s explains the count query (exact: %s, cap: %s)', (mode, exact, cap) => {
    const action = plan({ query: 'name=eq.x', headers: { prefer: `count=${mode}` } }) as ReadAction;
    expect(action).toMatchObject({ count: exact, plannedCount: mode });
    expect(action.countCap).toBe(cap);
    expect(plannedCountStatement(action)).toEqual({
      text: 'EXPLAIN (FORMAT JSON) SELECT 1 FROM "public"."projects" WHERE "public"."projects"."name" = $1',
      params: ['x'],
    });
  });

  it('counts exactly without an EXPLAIN for count=exact', () => {
    expect(plannedCountStatement(plan({ headers: { prefer: 'count=exact' } }))).toBeUndefined();
  });
});

describe('spreading a to-many embed', () => {
  it('aggregates each spread column into an array', () => {
    const { text } = buildStatement(plan({ query: 'select=name,...tasks(title,n:estimate)' }));
    expect(text).toContain(
      `LEFT JOIN LATERAL (SELECT json_agg("pgrst_1"."title") AS "title", json_agg("pgrst_1"."n") AS "n" FROM (`,
    );
    expect(text).toContain(`COALESCE("pgrst_1"."title", '[]') AS "title", COALESCE("pgrst_1"."n", '[]') AS "n"`);
  });
});

describe('aggregates beside to-one spreads', () => {
  it("computes a spread's aggregate in the resource it is spread into and groups by the spread's other columns", () => {
    const { text } = buildStatement(
      plan({ path: '/tasks', query: 'select=title,...projects(total:budget.sum(),name)' }),
    );
    expect(text).toContain('SELECT "public"."tasks"."title", SUM("pgrst_1"."total") AS "total", "pgrst_1"."name" FROM');
    expect(text).toContain('(SELECT "projects_1"."budget" AS "total", "projects_1"."name" FROM "public"."projects"');
    expect(text).toContain('GROUP BY "public"."tasks"."title", "pgrst_1"."name"');
  });

  it('lists the columns of a spread `*` one by one where the resource aggregates', () => {
    const { text } = buildStatement(plan({ path: '/tasks', query: 'select=title.count(),...projects(*)' }));
    expect(text).toContain('"pgrst_1"."id", "pgrst_1"."name", "pgrst_1"."client_id", "pgrst_1"."budget"');
    expect(text).toContain('GROUP BY "pgrst_1"."id", "pgrst_1"."name", "pgrst_1"."client_id", "pgrst_1"."budget"');
  });

  it('refuses aggregates in a to-many spread with PGRST127', () => {
    expect(failure({ query: 'select=name,...tasks(estimate.sum())' })).toBe('PGRST127');
  });
});

describe('CSV bodies', () => {
  it.each([
    [
      'a header and rows',
      'a,b\n1,2\n3,4',
      [
        { a: '1', b: '2' },
        { a: '3', b: '4' },
      ],
    ],
    ['CRLF and a trailing newline', 'a,b\r\n1,2\r\n', [{ a: '1', b: '2' }]],
    ['quotes, commas and doubled quotes', 'a,b\n"x, y","say ""hi"""', [{ a: 'x, y', b: 'say "hi"' }]],
    ['NULL and empty fields', 'a,b,c\nNULL,,"NULL"', [{ a: null, b: '', c: 'NULL' }]],
    ['a newline inside quotes', 'a\n"two\nlines"', [{ a: 'two\nlines' }]],
    ['only a header', 'a,b', []],
  ])('reads %s', (_name, csv, rows) => {
    expect(JSON.parse(csvToJson(csv).raw)).toEqual(rows);
  });

  it.each([['a,b\n1'], ['a\n"open'], ['a\n"x"y']])('refuses %j', (csv) => {
    expect(() => csvToJson(csv)).toThrow();
  });
});
