// The root of the service (`GET /rest/v1/`): an OpenAPI 2.0 description of the exposed schema's tables and views,
// built from the schema cache, in the shape PostgREST serves.
import type { ApiRequest } from './request/types.ts';
import type { Column, SchemaCache } from './schema/types.ts';

function jsonType(column: Column): { type: string; format: string } {
  const type = column.type;
  if (/^(smallint|integer|bigint)$/.test(type)) return { type: 'integer', format: type };
  if (/^(real|double precision|numeric)/.test(type)) return { type: 'number', format: type };
  if (type === 'boolean') return { type: 'boolean', format: type };
  if (type.endsWith('[]')) return { type: 'array', format: type };
  if (type === 'json' || type === 'jsonb') return { type: 'object', format: type };
  return { type: 'string', format: type };
}

export function openApiResponse(request: ApiRequest, cache: SchemaCache): Response {
  const tables = [...cache.tables.values()].filter((table) => table.schema === request.schema);
  const paths: Record<string, unknown> = {
    '/': {
      get: {
        produces: ['application/openapi+json', 'application/json'],
        responses: { 200: { description: 'OK' } },
        summary: 'OpenAPI description (this document)',
        tags: ['Introspection'],
      },
    },
  };
  const definitions: Record<string, unknown> = {};
  for (const table of tables) {
    const operations: Record<string, unknown> = {
      get: { tags: [table.name], responses: { 200: { description: 'OK' }, 206: { description: 'Partial Content' } } },
    };
    if (table.insertable) operations.post = { tags: [table.name], responses: { 201: { description: 'Created' } } };
    if (table.updatable) operations.patch = { tags: [table.name], responses: { 204: { description: 'No Content' } } };
    if (table.deletable) operations.delete = { tags: [table.name], responses: { 204: { description: 'No Content' } } };
    paths[`/${table.name}`] = operations;
    definitions[table.name] = {
      type: 'object',
      required: table.columns.filter((c) => !c.nullable && c.default === null).map((c) => c.name),
      properties: Object.fromEntries(
        table.columns.map((c) => [c.name, { ...jsonType(c), ...(c.default !== null ? { default: c.default } : {}) }]),
      ),
    };
  }
  const document = {
    swagger: '2.0',
    info: { description: '', title: 'standard public schema', version: '14.0' },
    basePath: '/',
    schemes: ['http'],
    consumes: ['application/json', 'application/vnd.pgrst.object+json', 'text/csv'],
    produces: ['application/json', 'application/vnd.pgrst.object+json', 'text/csv'],
    paths,
    definitions,
  };
  const body = request.method === 'HEAD' ? null : JSON.stringify(document);
  return new Response(body, { status: 200, headers: { 'Content-Type': 'application/openapi+json; charset=utf-8' } });
}
