// Whole statements: parsed request + fixture schema cache -> SQL text and parameters.
import { describe, expect, it } from 'vitest';
import { planRequest } from '../plan/plan.ts';
import { parseRequest, type RawRequest } from '../request/parse.ts';
import { fixtureCache } from '../schema/fixture.ts';
import { buildStatement } from './statement.ts';

const statement = (overrides: Partial<RawRequest>) => {
  const request = parseRequest(
    { method: 'GET', path: '/projects', query: '', headers: {}, body: '', ...overrides },
    { schemas: ['public'] },
  );
  return buildStatement(planRequest(request, fixtureCache(), { maxRows: 1000 }));
};
const P = '"public"."projects"';
const TAIL =
  "null::text AS location, nullif(current_setting('response.headers', true), '') AS response_headers, " +
  "nullif(current_setting('response.status', true), '') AS response_status, nullif(current_setting('pgrst.inserted', true), '') AS inserted";

describe('read statements', () => {
  it('selects, filters, orders and pages in one CTE; the body is json_agg', () => {
    expect(statement({ query: 'select=id,title:name&name=eq.x&order=name.desc.nullslast&limit=5&offset=10' })).toEqual({
      text:
        `WITH pgrst_source AS (SELECT ${P}."id", ${P}."name" AS "title" FROM ${P} WHERE ${P}."name" = $1 ` +
        `ORDER BY ${P}."name" DESC NULLS LAST LIMIT $2 OFFSET $3) ` +
        `SELECT null::text AS total_result_set, pg_catalog.count(_postgrest_t)::text AS page_total, ` +
        `coalesce(json_agg(_postgrest_t), '[]')::text AS body, ${TAIL} FROM (SELECT * FROM pgrst_source) _postgrest_t`,
      params: ['x', '5', '10'],
    });
  });

  it('counts the filtered rows apart from the page', () => {
    const { text } = statement({ query: 'name=eq.x', headers: { prefer: 'count=exact' } });
    expect(text).toContain(`pgrst_source_count AS (SELECT 1 FROM ${P} WHERE ${P}."name" = $4)`);
    expect(text).toContain('(SELECT pg_catalog.count(*) FROM pgrst_source_count)::text AS total_result_set');
  });

  it('answers a single object as the first element', () => {
    expect(statement({ headers: { accept: 'application/vnd.pgrst.object+json' } }).text).toContain(
      "coalesce((json_agg(_postgrest_t)->0)::text, 'null') AS body",
    );
  });

  it('embeds to-one as a row object and to-many as an array, joined laterally', () => {
    const { text } = statement({ query: 'select=name,client:clients(name),tasks!inner(title)' });
    expect(text).toContain(
      `SELECT ${P}."name", row_to_json("pgrst_1".*) AS "client", COALESCE("pgrst_2"."pgrst_2", '[]') AS "tasks" FROM ${P} ` +
        `LEFT JOIN LATERAL (SELECT "clients_1"."name" FROM "public"."clients" AS "clients_1" WHERE "clients_1"."id" = ${P}."client_id") AS "pgrst_1" ON TRUE ` +
        `INNER JOIN LATERAL (SELECT json_agg("pgrst_2") AS "pgrst_2" FROM (SELECT "tasks_1"."title" FROM "public"."tasks" AS "tasks_1" ` +
        `WHERE "tasks_1"."project_id" = ${P}."id") AS "pgrst_2") AS "pgrst_2" ON "pgrst_2" IS NOT NULL`,
    );
  });

  it("reads a computed relationship from its function of the parent's whole row", () => {
    const { text } = statement({ query: 'select=name,lead(name),open_tasks!inner(title)&open_tasks.limit=2' });
    expect(text).toContain(
      `LEFT JOIN LATERAL (SELECT "lead_1"."name" FROM "public"."lead"(${P}.*::${P}) AS "lead_1") AS "pgrst_1" ON TRUE ` +
        `INNER JOIN LATERAL (SELECT json_agg("pgrst_2") AS "pgrst_2" FROM (SELECT "open_tasks_1"."title" ` +
        `FROM "public"."open_tasks"(${P}.*::${P}) AS "open_tasks_1" LIMIT $1 OFFSET $2) AS "pgrst_2") AS "pgrst_2" ON "pgrst_2" IS NOT NULL`,
    );
    expect(
      statement({ query: 'select=name,tasks:open_tasks!inner(title)', headers: { prefer: 'count=exact' } }).text,
    ).toContain(
      `pgrst_source_count AS (SELECT 1 FROM ${P} WHERE EXISTS (SELECT 1 FROM "public"."open_tasks"(${P}.*::${P}) AS "open_tasks_1"))`,
    );
  });

  it('joins many-to-many through the junction table', () => {
    expect(statement({ query: 'select=users(name)' }).text).toContain(
      `FROM "public"."users" AS "users_1", "public"."project_members" WHERE "users_1"."id" = "public"."project_members"."user_id" ` +
        `AND "public"."project_members"."project_id" = ${P}."id"`,
    );
  });
});

describe('mutation statements', () => {
  it('inserts from the JSON body with the cached column types and returns through the CTE', () => {
    const { text, params } = statement({
      method: 'POST',
      body: '[{"name":"a","budget":1.5}]',
      query: 'select=id',
      headers: { prefer: 'return=representation' },
    });
    expect(text).toBe(
      `WITH pgrst_source AS (INSERT INTO ${P}("name", "budget") SELECT pgrst_body."name", pgrst_body."budget" ` +
        `FROM (SELECT $1::json AS json_data) pgrst_payload, LATERAL (SELECT "name", "budget" FROM json_to_recordset(pgrst_payload.json_data) ` +
        `AS _("name" text, "budget" numeric(10,2))) pgrst_body RETURNING ${P}."id") ` +
        `SELECT null::text AS total_result_set, pg_catalog.count(_postgrest_t)::text AS page_total, ` +
        `coalesce(json_agg(_postgrest_t), '[]')::text AS body, ${TAIL} ` +
        `FROM (SELECT "pgrst_source"."id" FROM "pgrst_source") _postgrest_t`,
    );
    expect(params).toEqual(['[{"name":"a","budget":1.5}]']);
  });

  it('upserts, counting what a merge inserted, and fills defaults for missing=default', () => {
    expect(
      statement({ method: 'POST', body: '{"name":"a"}', headers: { prefer: 'resolution=ignore-duplicates' } }).text,
    ).toContain('ON CONFLICT("id") DO NOTHING RETURNING 1');
    const merge = statement({
      method: 'POST',
      body: '{"name":"a"}',
      headers: { prefer: 'resolution=merge-duplicates' },
    }).text;
    expect(merge).toContain(
      "pgrst_body WHERE set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) + 1)::text, true) <> '0' " +
        `ON CONFLICT("id") DO UPDATE SET "name" = EXCLUDED."name" WHERE set_config('pgrst.inserted', ` +
        "(coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) - 1)::text, true) <> '-1' RETURNING 1",
    );
    const { text, params } = statement({
      method: 'POST',
      body: '{"id":"x"}',
      query: 'columns=id',
      headers: { prefer: 'missing=default' },
    });
    expect(text).toContain(
      'FROM (SELECT $1::jsonb AS json_data) pgrst_payload, LATERAL (SELECT jsonb_build_object($2::text, gen_random_uuid()) || pgrst_payload.json_data AS val) pgrst_json_defs',
    );
    expect(params).toEqual(['{"id":"x"}', 'id']);
  });

  it('updates and deletes with the filters as the WHERE', () => {
    expect(statement({ method: 'PATCH', body: '{"name":"b"}', query: 'id=eq.1' }).text).toContain(
      `UPDATE ${P} SET "name" = pgrst_body."name" FROM (SELECT $1::json AS json_data) pgrst_payload, ` +
        `LATERAL (SELECT "name" FROM json_to_record(pgrst_payload.json_data) AS _("name" text)) pgrst_body WHERE ${P}."id" = $2 RETURNING 1`,
    );
    expect(statement({ method: 'PATCH', body: '{}', query: 'id=eq.1' }).text).toContain(
      `(SELECT NULL FROM ${P} WHERE false)`,
    );
    expect(statement({ method: 'DELETE', query: 'id=eq.1' }).text).toContain(
      `(DELETE FROM ${P} WHERE ${P}."id" = $1 RETURNING 1)`,
    );
  });

  it('returns the key of an inserted row for the Location header', () => {
    const { text, params } = statement({
      method: 'POST',
      body: '{"name":"a"}',
      headers: { prefer: 'return=headers-only' },
    });
    expect(text).toContain(`RETURNING ${P}."id"`);
    expect(text).toContain('WHERE json_data.key = ANY($2)) END AS location');
    expect(params[1]).toBe('{"id"}');
  });
});
