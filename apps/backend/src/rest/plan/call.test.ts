// Function calls: which overload the arguments choose, PGRST202/PGRST203 when none or several do, and the SQL.
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../errors.ts';
import { parseRequest, type RawRequest } from '../request/parse.ts';
import { fixtureCache } from '../schema/fixture.ts';
import type { Routine } from '../schema/types.ts';
import { tableKey } from '../schema/types.ts';
import { buildCallStatement } from '../sql/call.ts';
import { planRequest } from './plan.ts';
import type { CallAction } from './types.ts';

const routine = (
  name: string,
  params: [string, string, boolean?][],
  returns: Partial<Routine['returns']> = {},
): Routine => ({
  schema: 'public',
  name,
  params: params.map(([param, type, required = true]) => ({ name: param, type, required, variadic: false })),
  returns: { set: false, kind: 'scalar', type: 'integer', ...returns },
  volatility: 'volatile',
});

const cache = fixtureCache();
const routines: Routine[] = [
  routine('add', [
    ['a', 'integer'],
    ['b', 'integer', false],
  ]),
  routine('pick', [['a', 'integer']]),
  routine('pick', [['b', 'text']]),
  routine('pick', [
    ['a', 'integer'],
    ['c', 'text', false],
  ]),
  routine('echo', [['', 'json']], { type: 'json' }),
  routine('projects_of', [['client', 'integer']], {
    set: true,
    kind: 'composite',
    relation: { schema: 'public', name: 'projects' },
    type: 'projects',
  }),
];
for (const r of routines)
  cache.routines.set(tableKey(r.schema, r.name), [...(cache.routines.get(tableKey(r.schema, r.name)) ?? []), r]);

const request = (overrides: Partial<RawRequest>) =>
  parseRequest(
    { method: 'GET', path: '/rpc/add', query: '', headers: {}, body: '', ...overrides },
    { schemas: ['public'] },
  );
const plan = (overrides: Partial<RawRequest>) => planRequest(request(overrides), cache, { maxRows: 100 }) as CallAction;
const failure = (overrides: Partial<RawRequest>) => {
  try {
    plan(overrides);
  } catch (error) {
    return { status: (error as ApiError).status, ...(error as ApiError).body };
  }
  throw new Error('expected a failure');
};

describe('choosing the function', () => {
  it.each([
    [{ query: 'a=1' }, 'add', ['a']],
    [{ query: 'a=1&b=2' }, 'add', ['a', 'b']],
    [{ method: 'POST', body: '{"a":1}' }, 'add', ['a']],
    [{ path: '/rpc/pick', query: 'b=x' }, 'pick', ['b']],
    [{ path: '/rpc/pick', query: 'a=1&c=x' }, 'pick', ['a', 'c']],
  ])('%o', (overrides, name, names) => {
    const call = plan(overrides);
    expect(call.routine.name).toBe(name);
    expect(call.args).toMatchObject({ kind: 'object', names });
  });

  it('passes the whole body to a single unnamed json parameter', () => {
    expect(plan({ method: 'POST', path: '/rpc/echo', body: '{"x":1}' }).args).toEqual({
      kind: 'single',
      value: '{"x":1}',
      type: 'json',
    });
  });

  it.each([
    [
      { query: 'x=1' },
      {
        status: 404,
        code: 'PGRST202',
        message: 'Could not find the function public.add(x) in the schema cache',
        details:
          'Searched for the function public.add with parameter x, but no matches were found in the schema cache.',
      },
    ],
    [
      { path: '/rpc/addd', method: 'POST', body: '{"a":1}' },
      {
        status: 404,
        code: 'PGRST202',
        hint: 'Perhaps you meant to call the function public.add',
        details:
          'Searched for the function public.addd with parameter a or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      },
    ],
    [
      { path: '/rpc/add' },
      {
        status: 404,
        code: 'PGRST202',
        message: 'Could not find the function public.add without parameters in the schema cache',
      },
    ],
    [
      { path: '/rpc/pick', query: 'a=1' },
      {
        status: 300,
        code: 'PGRST203',
        message:
          'Could not choose the best candidate function between: public.pick(a => integer), public.pick(a => integer, c => text)',
      },
    ],
  ])('refuses %o', (overrides, expected) => {
    expect(failure(overrides)).toMatchObject(expected);
  });
});

describe('call statements', () => {
  it('reads named arguments from one JSON parameter with the parameter types', () => {
    const { text, params } = buildCallStatement(plan({ query: 'a=1' }));
    expect(text).toContain(
      'WITH pgrst_source AS (SELECT pgrst_call.pgrst_scalar FROM (SELECT $1::json AS json_data) pgrst_payload, ' +
        'LATERAL (SELECT "a" FROM json_to_record(pgrst_payload.json_data) AS _("a" integer)) pgrst_body, ' +
        'LATERAL (SELECT "public"."add"("a" := pgrst_body."a") pgrst_scalar OFFSET 0) pgrst_call)',
    );
    expect(text).toContain(
      "coalesce((pg_catalog.array_agg(to_json(_postgrest_t.pgrst_scalar)))[1]::text, 'null') AS body",
    );
    expect(params).toEqual(['{"a":"1"}']);
  });

  it('reads a set of rows like a table: select, filters, order', () => {
    const { text } = buildCallStatement(
      plan({ path: '/rpc/projects_of', query: 'client=1&select=name&name=like.A*&order=name' }),
    );
    expect(text).toContain('LATERAL "public"."projects_of"("client" := pgrst_body."client") pgrst_call)');
    expect(text).toContain(
      'FROM (SELECT "pgrst_source"."name" FROM "pgrst_source" WHERE "pgrst_source"."name" like $2 ORDER BY "pgrst_source"."name" LIMIT $3 OFFSET $4) _postgrest_t',
    );
  });

  it("embeds a computed relationship of the function's rows, passing each row as the table's type", () => {
    const { text } = buildCallStatement(plan({ path: '/rpc/projects_of', query: 'client=1&select=name,lead(name)' }));
    expect(text).toContain(
      'LEFT JOIN LATERAL (SELECT "lead_1"."name" FROM "public"."lead"("pgrst_source".*::"public"."projects") AS "lead_1") AS "pgrst_1" ON TRUE',
    );
  });

  // PostgREST counts a call's rows exactly, also for count=estimated, and has no estimate for count=planned.
  it.each([
    ['count=exact', true],
    ['count=estimated', true],
    ['count=planned', false],
    ['', false],
  ])('counts the rows of a set-returning call for %s: %s', (prefer, counted) => {
    const call = plan({ path: '/rpc/projects_of', query: 'client=1', headers: prefer ? { prefer } : {} });
    expect(call.count).toBe(counted);
    expect(buildCallStatement(call).text.includes('pgrst_source_count')).toBe(counted);
  });
});
