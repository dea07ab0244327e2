// The statements of the storage service. Each runs in a transaction already scoped to the caller's role and claims
// (db/scope.ts), so row level security on storage.buckets and storage.objects decides what they see and change.
import type { Queryable, Statement } from '../db/types.ts';

/** Timestamps as Storage sends them (JavaScript's toISOString). */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A RETURNING clause, or none for null. */
const returningClause = (columns: string | null) => (columns === null ? '' : `returning ${columns}`);

export const BUCKET_COLUMNS = `id, name, owner, public, file_size_limit::float8 as file_size_limit,
  to_jsonb(allowed_mime_types) as allowed_mime_types,
  ${iso('created_at')} as created_at, ${iso('updated_at')} as updated_at`;

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  version: string;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

export const OBJECT_COLUMNS = `id, bucket_id, name, owner, version, metadata, user_metadata,
  ${iso('created_at')} as created_at, ${iso('updated_at')} as updated_at, ${iso('last_accessed_at')} as last_accessed_at`;

export const findBucketSql = `select ${BUCKET_COLUMNS} from storage.buckets where id = $1`;

export async function findBucket(tx: Queryable, id: string): Promise<BucketRow | undefined> {
  const { rows } = await tx.query<BucketRow>(findBucketSql, [id]);
  return rows[0];
}

export const findObjectSql = `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`;

/**
 * What a write returns when its row is to be kept (see recent-rows.ts): the row as written, and the id of the
 * transaction that wrote it, in the write's own statement rather than a second one.
 */
export const WRITTEN_OBJECT_COLUMNS = `${OBJECT_COLUMNS}, txid_current()::text as txid`;

export interface NewObject {
  bucket: string;
  name: string;
  owner: string | undefined;
  version: string;
  metadata: ObjectMetadata | null;
  userMetadata: Record<string, unknown> | null;
}

/**
 * Inserts the object, or with `upsert` replaces the one of the same name (its row keeps its id). Row level security
 * checks the insert, and for a replacement the update too, exactly as on Supabase.
 */
export function writeObjectStatement(
  object: NewObject,
  upsert: boolean,
  returning: string | null = OBJECT_COLUMNS,
): Statement {
  const conflict = upsert
    ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
         version = excluded.version, metadata = excluded.metadata, user_metadata = excluded.user_metadata,
         updated_at = now(), last_accessed_at = now()`
    : '';
  return {
    text: `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
     values ($1, $2, $3::uuid, $4, $5, $6, $7) ${conflict} ${returningClause(returning)}`,
    params: objectParams(object),
  };
}

/**
 * Back to the server's own role for the rest of the transaction. A write as the caller is read back this way rather
 * than with RETURNING, which Postgres holds to the caller's select policies: Storage asks none of an upload (an
 * insert policy alone lets people upload what they may not read).
 */
export const AS_SERVER_SQL = "select set_config('role', 'none', true) is null";

/** The row of an object as just written, with the writing transaction's id, read as the server. */
export function readWrittenStatement(bucket: string, name: string): Statement {
  return {
    text: `select ${WRITTEN_OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    params: [bucket, name],
  };
}

/**
 * Inserts the object (or replaces it, with upsert) as whoever `tx` runs as, and answers its row read as the server
 * (see AS_SERVER_SQL); the transaction's role is the same afterwards.
 */
export async function writeObject(tx: Queryable, object: NewObject, upsert: boolean): Promise<ObjectRow> {
  const { text, params } = writeObjectStatement(object, upsert, null);
  await tx.query(text, params);
  const { rows } = await tx.query<{ role: string }>("select current_setting('role') as role");
  await tx.query(AS_SERVER_SQL);
  const found = await tx.query<ObjectRow>(findObjectSql, [object.bucket, object.name]);
  await tx.query("select set_config('role', $1, true) is null", [rows[0].role]);
  return found.rows[0];
}

/** Replaces an existing object's bytes (PUT): no row when the caller cannot see or update it. */
export function replaceObjectStatement(object: NewObject, returning: string | null = OBJECT_COLUMNS): Statement {
  return {
    text: `update storage.objects set owner = $3::uuid, owner_id = $4, version = $5, metadata = $6, user_metadata = $7,
       updated_at = now(), last_accessed_at = now()
     where bucket_id = $1 and name = $2 ${returningClause(returning)}`,
    params: objectParams(object),
  };
}

function objectParams(object: NewObject): unknown[] {
  return [
    object.bucket,
    object.name,
    isUuid(object.owner) ? object.owner : null,
    object.owner ?? null,
    object.version,
    object.metadata === null ? null : JSON.stringify(object.metadata),
    object.userMetadata === null ? null : JSON.stringify(object.userMetadata),
  ];
}

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
