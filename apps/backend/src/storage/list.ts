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

/** One level below a prefix; the prefix and the search match whatever their case, as in Storage's search. */
export async function listV1(tx: Queryable, bucket: string, options: ListV1Options) {
  const level = options.prefix === '' ? 1 : options.prefix.split('/').length;
  const order =
    options.sortColumn === 'name'
      ? 'name collate "C"'
      : `${options.sortColumn} ${options.sortOrder} nulls last, name collate "C"`;
  const { rows } = await tx.query(
    `with matching as (
       select * from storage.objects
       where bucket_id = $1 and name ilike $2 escape '\\' and path_tokens[$3] ilike $4 escape '\\'
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

const V2_SORT = new Set(['name', 'updated_at', 'created_at']);

interface V2Row {
  entry: string;
  folder: boolean;
  sort_text: string;
  id: string | null;
  name: string;
  metadata: unknown;
  updated_at: string;
  created_at: string;
  last_accessed_at: string;
}

/** Where the last page ended: the sort value and the entry of its last row, opaque to the client. */
interface V2Cursor {
  value: string;
  entry: string;
}

function readCursor(cursor: unknown): V2Cursor | undefined {
  if (typeof cursor !== 'string' || cursor === '') return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<V2Cursor>;
    if (typeof parsed.value === 'string' && typeof parsed.entry === 'string') return parsed as V2Cursor;
  } catch {
    // Answered below, as any other cursor this server did not write.
  }
  throw errors.invalidRequest('Invalid cursor');
}

/**
 * Keys under a prefix, a page at a time, in the order of name, created_at or updated_at. With the delimiter, the keys
 * below the next `/` are one folder entry, sorted by either time as made when its first key was (as Storage's folder
 * rows are, which later writes below them leave alone). As Storage's search_v2 answers: an object's
 * `name` is its whole key and its `key` the part below the prefix's folder; a folder's `name` is its path with the
 * trailing `/`, its `key` its own segment.
 */
export async function listV2(tx: Queryable, bucket: string, body: Record<string, unknown>) {
  const prefix = typeof body.prefix === 'string' ? body.prefix.replace(/^\/+/, '') : '';
  const limit = clamp(body.limit, 1000, 1, 1000);
  const cursor = readCursor(body.cursor);
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = sortBy.column === undefined ? 'name' : String(sortBy.column);
  if (!V2_SORT.has(column)) throw errors.invalidRequest('sortBy column must be one of name, updated_at, created_at');
  const desc = String(sortBy.order ?? 'asc').toLowerCase() === 'desc';
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const bucketParam = param(bucket);
  const pattern = param(`${likeLiteral(prefix)}%`);
  // With the delimiter, an entry is the folder part of a key: up to the first `/` after the prefix.
  const folderOf = (start: string) =>
    `case when strpos(substr(name, ${start}), '/') > 0 then substr(name, 1, ${start} - 1 + strpos(substr(name, ${start}), '/'))
       else name end`;
  const entry = body.with_delimiter === true ? folderOf(`${param(prefix.length + 1)}::int`) : 'name';
  const sortKey = column === 'name' ? 'entry collate "C"' : column;
  const direction = desc ? 'desc' : 'asc';
  const after = cursor
    ? `where (${sortKey}, entry collate "C") ${desc ? '<' : '>'}
         (${param(cursor.value)}::${column === 'name' ? 'text' : 'timestamptz'}, ${param(cursor.entry)}::text)`
    : '';
  const { rows } = await tx.query<V2Row>(
    `with entries as (
       select ${entry} as entry, id, name, metadata, updated_at, created_at, last_accessed_at
       from storage.objects where bucket_id = ${bucketParam} and name like ${pattern} escape '\\'
     ), grouped as (
       select entry, bool_or(entry <> name) as folder, min(id::text) as id, min(name) as name,
         (array_agg(metadata))[1] as metadata,
         case when bool_or(entry <> name) then min(created_at) else max(updated_at) end as updated_at,
         min(created_at) as created_at, max(last_accessed_at) as last_accessed_at
       from entries group by entry
     )
     select entry, folder, ${column === 'name' ? 'entry' : column}::text as sort_text, id, name, metadata,
       ${iso('updated_at')} as updated_at, ${iso('created_at')} as created_at,
       ${iso('last_accessed_at')} as last_accessed_at
     from grouped ${after}
     order by ${sortKey} ${direction}, entry collate "C" ${direction} limit ${param(limit + 1)}`,
    params,
  );
  const hasNext = rows.length > limit;
  const page = rows.slice(0, limit);
  // Keys and folder names are given below the prefix's own folder, as `split_part` at its level gives them.
  const below = (key: string) => key.slice(prefix.lastIndexOf('/') + 1);
  const folders = page
    .filter((row) => row.folder)
    .map((row) => ({ key: below(row.entry).replace(/\/$/, ''), name: row.entry }));
  const objects = page
    .filter((row) => !row.folder)
    .map((row) => ({
      id: row.id,
      key: below(row.name),
      name: row.name,
      metadata: row.metadata,
      updated_at: row.updated_at,
      created_at: row.created_at,
      last_accessed_at: row.last_accessed_at,
    }));
  const last = page[page.length - 1];
  const next: V2Cursor | undefined = hasNext && last ? { value: last.sort_text, entry: last.entry } : undefined;
  return {
    hasNext,
    folders,
    objects,
    ...(next ? { nextCursor: Buffer.from(JSON.stringify(next)).toString('base64url') } : {}),
  };
}
