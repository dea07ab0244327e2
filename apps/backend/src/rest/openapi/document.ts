// The root of the service (`GET /rest/v1/`): the OpenAPI 2.0 document PostgREST serves for the exposed schema:
// a path per table, view and function, a definition per table and view (with primary and foreign key notes), and
// the shared parameters. Built from the schema cache only.
import { mediaTypeError } from '../errors.ts';
import { mimeOf } from '../request/media.ts';
import type { ApiRequest, MediaType } from '../request/types.ts';
import type { RestResponse } from '../respond.ts';
import type { Column, Routine, SchemaCache, Table } from '../schema/types.ts';
import { sharedParameters } from './parameters.ts';
import { defaultValue, typed } from './types.ts';

const VERSION = '14.0';
const ref = (name: string) => ({ $ref: `#/parameters/${name}` });

/** `This is a Foreign Key to \`clients.id\`.<fk table='clients' column='id'/>` for a single-column key. */
function foreignKeyNote(cache: SchemaCache, table: Table, column: Column): string | undefined {
  const key = cache.foreignKeys.find(
    (fk) =>
      fk.table.schema === table.schema &&
      fk.table.name === table.name &&
      fk.columns.length === 1 &&
      fk.columns[0] === column.name,
  );
  if (!key) return undefined;
  const [target, targetColumn] = [key.foreignTable.name, key.foreignColumns[0]];
  return `This is a Foreign Key to \`${target}.${targetColumn}\`.<fk table='${target}' column='${targetColumn}'/>`;
}

function property(cache: SchemaCache, table: Table, column: Column): Record<string, unknown> {
  const type = column.nominalType ?? column.type;
  const notes = [
    ...(table.primaryKey.includes(column.name) ? ['This is a Primary Key.<pk/>'] : []),
    ...[foreignKeyNote(cache, table, column)].filter((note): note is string => note !== undefined),
  ];
  const description =
    notes.length > 0
      ? `${column.description ? `${column.description}\n\n` : ''}${['Note:', ...notes].join('\n')}`
      : (column.description ?? undefined);
  const fallback = column.default === null ? undefined : defaultValue(type, column.default);
  return {
    ...(fallback !== undefined ? { default: fallback } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(column.enum ? { enum: column.enum } : {}),
    format: type,
    ...(column.maxLength ? { maxLength: column.maxLength } : {}),
    ...typed(type),
  };
}

function definition(cache: SchemaCache, table: Table): Record<string, unknown> {
  const required = table.columns.filter((c) => !c.nullable).map((c) => c.name);
  return {
    ...(table.description ? { description: table.description } : {}),
    ...(required.length > 0 ? { required } : {}),
    properties: Object.fromEntries(table.columns.map((c) => [c.name, property(cache, table, c)])),
    type: 'object',
  };
}

/** First line of a comment is the summary, the rest (after blank lines) the description. */
function summarized(comment: string | null | undefined): Record<string, string> {
  if (!comment) return {};
  const [summary, ...rest] = comment.split('\n');
  const description = rest.join('\n').replace(/^\n+/, '');
  return { summary, ...(description ? { description } : {}) };
}

function tablePath(table: Table): Record<string, unknown> {
  const base = { tags: [table.name], ...summarized(table.description) };
  const filters = table.columns.map((c) => ref(`rowFilter.${table.name}.${c.name}`));
  const item: Record<string, unknown> = {
    get: {
      ...base,
      parameters: [...filters, ...['select', 'order', 'range', 'rangeUnit', 'offset', 'limit', 'preferCount'].map(ref)],
      responses: {
        200: { description: 'OK', schema: { items: { $ref: `#/definitions/${table.name}` }, type: 'array' } },
        206: { description: 'Partial Content' },
      },
    },
  };
  if (table.insertable || table.updatable || table.deletable) {
    const body = ref(`body.${table.name}`);
    item.post = {
      ...base,
      parameters: [body, ref('select'), ref('preferPost')],
      responses: { 201: { description: 'Created' } },
    };
    item.delete = {
      ...base,
      parameters: [...filters, ref('preferReturn')],
      responses: { 204: { description: 'No Content' } },
    };
    item.patch = {
      ...base,
      parameters: [...filters, body, ref('preferReturn')],
      responses: { 204: { description: 'No Content' } },
    };
  }
  return item;
}

function routinePath(routine: Routine): Record<string, unknown> {
  const base = {
    ...summarized(routine.description),
    tags: [`(rpc) ${routine.name}`],
    produces: [
      'application/json',
      'application/vnd.pgrst.object+json;nulls=stripped',
      'application/vnd.pgrst.object+json',
    ],
    responses: { 200: { description: 'OK' } },
  };
  const named = routine.params.filter((param) => param.name !== '');
  const args = {
    name: 'args',
    required: true,
    in: 'body',
    schema: {
      ...(routine.description ? { description: routine.description } : {}),
      ...(named.some((p) => p.required) ? { required: named.filter((p) => p.required).map((p) => p.name) } : {}),
      properties: Object.fromEntries(named.map((p) => [p.name, { format: p.type, ...typed(p.type) }])),
      type: 'object',
    },
  };
  const post = { ...base, parameters: [args, ref('preferParams')] };
  if (routine.volatility === 'volatile') return { post };
  const get = {
    ...base,
    parameters: named.map((p) => ({ name: p.name, required: p.required, in: 'query', format: p.type, type: 'string' })),
  };
  return { get, post };
}

export function openApiDocument(request: ApiRequest, cache: SchemaCache): Record<string, unknown> {
  const schema = request.schema;
  const tables = [...cache.tables.values()]
    .filter((table) => table.schema === schema)
    .sort((a, b) => a.name.localeCompare(b.name));
  const routines = [...cache.routines.values()]
    .flat()
    .filter((routine) => routine.schema === schema)
    .sort((a, b) => a.name.localeCompare(b.name));
  const [title, ...rest] = (cache.descriptions[schema] ?? '').split('\n');
  const paths: Record<string, unknown> = {
    '/': {
      get: {
        tags: ['Introspection'],
        summary: 'OpenAPI description (this document)',
        produces: ['application/openapi+json', 'application/json'],
        responses: { 200: { description: 'OK' } },
      },
    },
  };
  for (const table of tables) paths[`/${table.name}`] = tablePath(table);
  for (const routine of routines) paths[`/rpc/${routine.name}`] = routinePath(routine);
  return {
    swagger: '2.0',
    info: {
      description: title ? rest.join('\n').replace(/^\n+/, '') : 'This is a dynamic API generated by PostgREST',
      title: title || 'PostgREST API',
      version: VERSION,
    },
    host: request.headers['x-forwarded-host'] ?? request.headers.host ?? '0.0.0.0:3000',
    basePath: '/rest/v1/',
    schemes: [request.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http'],
    consumes: [
      'application/json',
      'application/vnd.pgrst.object+json;nulls=stripped',
      'application/vnd.pgrst.object+json',
      'text/csv',
    ],
    produces: [
      'application/json',
      'application/vnd.pgrst.object+json;nulls=stripped',
      'application/vnd.pgrst.object+json',
      'text/csv',
    ],
    paths,
    definitions: Object.fromEntries(tables.map((table) => [table.name, definition(cache, table)])),
    parameters: sharedParameters(tables),
    externalDocs: { description: 'PostgREST Documentation', url: 'https://postgrest.org/en/v14/references/api.html' },
  };
}

/** The root's only body is the OpenAPI document, so it answers an Accept of OpenAPI, JSON or anything. */
const describesRoot = (type: MediaType) =>
  type.kind === 'any' || type.kind === 'json' || (type.kind === 'other' && type.mime === 'application/openapi+json');

export function openApiResponse(request: ApiRequest, cache: SchemaCache): RestResponse {
  // As PostgREST: a client that accepts none of them (CSV, one object, a plan) gets PGRST107, not a document it
  // did not ask for.
  if (!request.accepts.some(describesRoot)) throw mediaTypeError(request.accepts.map(mimeOf));
  const body = request.method === 'HEAD' ? null : JSON.stringify(openApiDocument(request, cache));
  const headers: Record<string, string> = { 'content-type': 'application/openapi+json; charset=utf-8' };
  if (request.negotiatedByProfile) headers['content-profile'] = request.schema;
  return { status: 200, headers, body };
}
