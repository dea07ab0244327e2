// The storage service mounted at /storage/v1: buckets and objects on the configured byte store. Bytes whose rows are
// gone are deleted after each change, when the database tells of a change made by other means (a project's SQL, a
// cascade), and once at start (for changes a crash interrupted).
import path from 'node:path';
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { bucketRoutes } from './buckets.ts';
import { objectRoutes } from './objects.ts';
import { BUCKETS_CHANNEL, OBJECTS_CHANNEL, RecentRows } from './recent-rows.ts';
import { renderRoutes } from './render.ts';
import { resumableRoutes } from './tus.ts';
import type { StorageService } from './service.ts';
import type { BucketRow, ObjectRow } from './sql.ts';
import { LocalStore } from './store/local.ts';
import { S3Store } from './store/s3.ts';
import type { ObjectStore } from './store/types.ts';

export function createStorageService(deps: Deps, store?: ObjectStore): StorageService {
  const objectStore =
    store ??
    (deps.config.storage.s3
      ? new S3Store(deps.config.storage.s3, path.join(deps.config.dataDir, 'storage', 'tmp'))
      : new LocalStore(path.join(deps.config.dataDir, 'storage')));
  let running: Promise<void> | undefined;
  let again = false;
  async function collect(): Promise<void> {
    const { rows } = await deps.db.query<{ version: string }>(
      'select version from _backend.storage_garbage order by queued_at limit 1000',
    );
    if (rows.length === 0) return;
    const versions = rows.map((row) => row.version);
    await objectStore.remove(versions);
    await deps.db.query(
      'delete from _backend.storage_garbage where version in (select jsonb_array_elements_text($1::jsonb))',
      [versions],
    );
    await deps.db.query('delete from _backend.storage_upload_tokens where expires_at < now()');
    if (rows.length === 1000) await collect();
  }
  const objects = new RecentRows<ObjectRow>(OBJECTS_CHANNEL);
  const buckets = new RecentRows<BucketRow>(BUCKETS_CHANNEL);
  // Without a listening connection nothing is kept, and every signed URL and upload reads its rows.
  objects.start(deps.db, () => void service.collectGarbage()).catch(() => {});
  buckets.start(deps.db).catch(() => {});
  const service: StorageService = {
    deps,
    store: objectStore,
    objects,
    buckets,
    maxFileBytes: deps.config.storage.fileSizeLimit,
    collectGarbage() {
      // One pass at a time; a request made while one runs asks for another after it.
      if (running) {
        again = true;
        return running;
      }
      running = collect()
        .catch((error) => console.error('Storage: deleting unused object bytes failed:', error))
        .finally(() => {
          running = undefined;
          if (again) {
            again = false;
            void service.collectGarbage();
          }
        });
      return running;
    },
  };
  return service;
}

export function storageRoutes(service: StorageService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // A change made here is forgotten at once, before the database's notification of it arrives; a read that ran
  // meanwhile is not kept (see recent-rows.ts).
  app.use('*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    try {
      await next();
    } finally {
      service.objects.forget();
      if (c.req.path.startsWith('/storage/v1/bucket')) service.buckets.forget();
    }
  });
  app.route('/bucket', bucketRoutes(service));
  app.route('/object', objectRoutes(service));
  app.route('/upload/resumable', resumableRoutes(service));
  app.route('/render/image', renderRoutes(service));
  return app;
}
