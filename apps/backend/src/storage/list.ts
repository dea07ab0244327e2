// Listing a bucket. v1 (POST /object/list/:bucket): the entries one level below a folder, folders (id null) and files
// together, with limit, offset, a sort column and a name search, as Storage's search function answers. v2
// (/object/list-v2/:bucket): keys after a cursor, optionally grouped into folders at the next `/` (with_delimiter).
import type { Queryable } from '../db/types.ts';
import { errors } from './errors.ts';
import { likeLiteral } from './sql.ts';

const V1_SORT = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface ListV1Options {
  prefix: string;
  limit: number;
  offset: number;
  sortColumn: string;
  sortOrder: 'asc' | 'desc';
  search: string;
}

export function listV1Options(body: Record<string, unknown>): ListV1Options {
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = typeof sortBy.column === 'string' ? sortBy.column : 'name';
  if (!V1_SORT.has(column)) throw errors.invalidRequest('Invalid sortBy column');
  let prefix = typeof body.prefix === 'string' ? body.prefix : '';
  prefix = prefix.replace(/^\/+/, '');
  if (prefix !== '' && !prefix.endsWith('/')) prefix += '/';
  return {
    prefix,
    limit: clamp(body.limit, 100, 1, 1000),
    offset: clamp(body.offset, 0, 0, Number.MAX_SAFE_INTEGER),
    sortColumn: column,
    sortOrder: String(sortBy.order ?? 'asc').toLowerCase() === 'desc' ? 'desc' : 'asc',
    search: typeof body.search === 'string' ? body.search : '',
  };
}

function clamp(value: unknown, fallback: number, min: number, max: number): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isFinite(number)) return fallback;
  return Math.min(Math.max(Math.floor(number), min), max);
}

export async function listV1(tx: Queryable, bucket: string, options: ListV1Options) {
  const level = options.prefix === '' ? 1 : options.prefix.split('/').length;
  const order =
    options.sortColumn === 'name'
      ? 'name collate "C"'
      : `${options.sortColumn} ${options.sortOrder} nulls last, name collate "C"`;
  const { rows } = await tx.query(
    `with matching as (
       select * from storage.objects
       where bucket_id = $1 and name like $2 escape '\\' and path_tokens[$3] ilike $4 escape '\\'
     ), entries as (
       select distinct on (path_tokens[$3]) path_tokens[$3] as name, null::uuid as id, null::timestamptz as updated_at,
         null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
       from matching where array_length(path_tokens, 1) > $3
       union all
       select path_tokens[$3], id, updated_at, created_at, last_accessed_at, metadata
       from matching where array_length(path_tokens, 1) = $3
     )
     select name, id, ${iso('updated_at')} as updated_at, ${iso('created_at')} as created_at,
       ${iso('last_accessed_at')} as last_accessed_at, metadata
     from entries order by ${order} ${options.sortColumn === 'name' ? options.sortOrder : ''}
     limit $5 offset $6`,
    [
      bucket,
      `${likeLiteral(options.prefix)}%`,
      level,
      `${likeLiteral(options.search)}%`,
      options.limit,
      options.offset,
    ],
  );
  return rows.map((row) => ({
    ...row,
    updated_at: row.updated_at ?? null,
    created_at: row.created_at ?? null,
    last_accessed_at: row.last_accessed_at ?? null,
  }));
}

export async function listV2(tx: Queryable, bucket: string, body: Record<string, unknown>) {
  const prefix = typeof body.prefix === 'string' ? body.prefix.replace(/^\/+/, '') : '';
  const limit = clamp(body.limit, 1000, 1, 1000);
  const cursor = typeof body.cursor === 'string' ? Buffer.from(body.cursor, 'base64url').toString('utf8') : '';
  const delimiter = body.with_delimiter === true;
  const sortBy = (body.sortBy ?? {}) as { order?: unknown };
  const desc = String(sortBy.order ?? 'asc').toLowerCase() === 'desc';
  // Entries are keys, or with the delimiter the folder part up to the first `/` after the prefix; they are sorted by
  // that text, and the cursor is the last one sent.
  const entry = delimiter
    ? `case when strpos(substr(name, $3), '/') > 0
         then substr(name, 1, $3 - 1 + strpos(substr(name, $3), '/')) else name end`
    : 'name';
  const { rows } = await tx.query<{
    entry: string;
    id: string | null;
    name: string;
    metadata: unknown;
    updated_at: string;
    created_at: string;
    last_accessed_at: string;
    folder: boolean;
  }>(
    `with entries as (
       select ${entry} as entry, id, name, metadata, updated_at, created_at, last_accessed_at
       from storage.objects where bucket_id = $1 and name like $2 escape '\\'
     ), grouped as (
       select entry, bool_or(entry <> name) as folder, min(id::text) as id, min(name) as name,
         (array_agg(metadata))[1] as metadata, max(updated_at) as updated_at, max(created_at) as created_at,
         max(last_accessed_at) as last_accessed_at
       from entries group by entry
     )
     select entry, folder, id, name, metadata, ${iso('updated_at')} as updated_at, ${iso('created_at')} as created_at,
       ${iso('last_accessed_at')} as last_accessed_at
     from grouped where $4 = '' or entry collate "C" ${desc ? '<' : '>'} $4
     order by entry collate "C" ${desc ? 'desc' : 'asc'} limit $5`,
    [bucket, `${likeLiteral(prefix)}%`, prefix.length + 1, cursor, limit + 1],
  );
  const hasNext = rows.length > limit;
  const page = rows.slice(0, limit);
  const folders = page
    .filter((row) => row.folder)
    .map((row) => ({ name: row.entry.slice(prefix.length).replace(/\/$/, ''), key: row.entry }));
  const objects = page
    .filter((row) => !row.folder)
    .map((row) => ({
      id: row.id,
      name: row.name.slice(prefix.length),
      key: row.name,
      metadata: row.metadata,
      updated_at: row.updated_at,
      created_at: row.created_at,
      last_accessed_at: row.last_accessed_at,
    }));
  const last = page[page.length - 1];
  return {
    hasNext,
    folders,
    objects,
    ...(hasNext && last ? { nextCursor: Buffer.from(last.entry).toString('base64url') } : {}),
  };
}
