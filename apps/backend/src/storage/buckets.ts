// /bucket: list, get, create, update, empty and delete buckets, as the caller (row level security on
// storage.buckets decides), with Storage's answers and messages.
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { errors } from './errors.ts';
import { assertBucketName } from './names.ts';
import { asCaller, asServer, callerOf, handled, jsonBody, singleReadAs, type StorageService } from './service.ts';
import { parseSize } from './sizes.ts';
import { BUCKET_COLUMNS, findBucket, isUuid, type BucketRow } from './sql.ts';

const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at']);
export const EMPTY_BUCKET_MESSAGE = 'Successfully emptied';

function fileSizeLimit(value: unknown, service: StorageService): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'number' && typeof value !== 'string') throw errors.invalidFileSizeLimit();
  const bytes = parseSize(value);
  if (bytes === undefined) throw errors.invalidFileSizeLimit();
  if (bytes > service.maxFileBytes) {
    throw errors.invalidRequest('The maximum file size limit for a bucket is larger than the global limit');
  }
  return bytes;
}

function mimeTypes(value: unknown): string[] | null {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string' && /^[\w.+-]+\/[\w.+*-]+$/.test(item))) {
    throw errors.invalidRequest('Invalid mime type');
  }
  return value as string[];
}

export function bucketRoutes(service: StorageService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get(
    '/',
    handled(async (c) => {
      const caller = await callerOf(service, c);
      const limit = Math.max(0, Math.min(Number(c.req.query('limit') ?? 1000) || 0, 10000));
      const offset = Math.max(0, Number(c.req.query('offset') ?? 0) || 0);
      const column = c.req.query('sortColumn') ?? 'name';
      if (!SORT_COLUMNS.has(column)) throw errors.invalidRequest('Invalid sortColumn');
      const order = c.req.query('sortOrder')?.toLowerCase() === 'desc' ? 'desc' : 'asc';
      const search = c.req.query('search') ?? '';
      const rows = await singleReadAs(service, caller, c, async (read) => {
        const result = await read.query<BucketRow>(
          `select ${BUCKET_COLUMNS} from storage.buckets where name ilike '%' || $1 || '%' escape '\\'
           order by "${column}" ${order} limit $2 offset $3`,
          [search.replace(/[\\%_]/g, (char) => `\\${char}`), limit, offset],
        );
        return result.rows;
      });
      return c.json(rows);
    }),
  );

  app.get(
    '/:id',
    handled(async (c) => {
      const caller = await callerOf(service, c);
      const bucket = await singleReadAs(service, caller, c, (read) => findBucket(read, c.req.param('id')!));
      if (!bucket) throw errors.noSuchBucket();
      return c.json(bucket);
    }),
  );

  app.post(
    '/',
    handled(async (c) => {
      const caller = await callerOf(service, c);
      const body = await jsonBody(c);
      const name = body.name ?? body.id;
      assertBucketName(name);
      const id = body.id ?? name;
      assertBucketName(id);
      const limit = fileSizeLimit(body.file_size_limit, service);
      const types = mimeTypes(body.allowed_mime_types);
      await asCaller(service, caller, c, (tx) =>
        tx.query(
          `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
           values ($1, $2, $3::uuid, $4, $5, $6, (select array_agg(value) from jsonb_array_elements_text($7::jsonb)))`,
          [
            id,
            name,
            isUuid(caller.owner) ? caller.owner : null,
            caller.owner ?? null,
            body.public === true,
            limit,
            types,
          ],
        ),
      );
      return c.json({ name });
    }),
  );

  app.put(
    '/:id',
    handled(async (c) => {
      const caller = await callerOf(service, c);
      const body = await jsonBody(c);
      // Only the settings sent change; the others keep their values.
      const sets: string[] = [];
      const params: unknown[] = [c.req.param('id')!];
      const set = (column: string, value: unknown) => {
        params.push(value);
        const placeholder = `$${params.length}`;
        // Arrays travel as JSON (db/params.ts).
        sets.push(
          `"${column}" = ${Array.isArray(value) ? `(select array_agg(value) from jsonb_array_elements_text(${placeholder}::jsonb))` : placeholder}`,
        );
      };
      if (typeof body.public === 'boolean') set('public', body.public);
      if ('file_size_limit' in body) set('file_size_limit', fileSizeLimit(body.file_size_limit, service));
      if ('allowed_mime_types' in body) set('allowed_mime_types', mimeTypes(body.allowed_mime_types));
      set('updated_at', new Date().toISOString());
      const updated = await asCaller(service, caller, c, async (tx) => {
        const result = await tx.query(
          `update storage.buckets set ${sets.join(', ')} where id = $1 returning id`,
          params,
        );
        return result.rowCount;
      });
      if (updated === 0) throw errors.noSuchBucket();
      return c.json({ message: 'Successfully updated' });
    }),
  );

  app.post(
    '/:id/empty',
    handled(async (c) => {
      const caller = await callerOf(service, c);
      const id = c.req.param('id')!;
      await asCaller(service, caller, c, async (tx) => {
        if (!(await findBucket(tx, id))) throw errors.noSuchBucket();
        await tx.query('delete from storage.objects where bucket_id = $1', [id]);
      });
      service.collectGarbageSoon();
      return c.json({ message: EMPTY_BUCKET_MESSAGE });
    }),
  );

  app.delete(
    '/:id',
    handled(async (c) => {
      const caller = await callerOf(service, c);
      const id = c.req.param('id')!;
      const hasObjects = await asServer(service, async (tx) => {
        const { rows } = await tx.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
        return rows.length > 0;
      });
      if (hasObjects) throw errors.bucketNotEmpty();
      const deleted = await asCaller(service, caller, c, async (tx) => {
        const result = await tx.query('delete from storage.buckets where id = $1 returning id', [id]);
        return result.rowCount;
      });
      if (deleted === 0) throw errors.noSuchBucket();
      return c.json({ message: 'Successfully deleted' });
    }),
  );

  return app;
}
