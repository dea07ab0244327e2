// The storage service mounted at /storage/v1: buckets and objects on the configured byte store. Bytes whose rows are
// gone are deleted when the database tells of the change that left them (whoever made it), at once after a change
// made here when no such notices are heard, and once at start (for changes a crash interrupted).
import path from 'node:path';
import { Hono } from 'hono';
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { bucketRoutes } from './buckets.ts';
import { objectRoutes } from './objects.ts';
import { BUCKETS_CHANNEL, OBJECTS_CHANNEL, RecentRows } from './recent-rows.ts';
import { GarbageCollector } from './garbage.ts';
import { RenderCache } from './render-cache.ts';
import { renderRoutes } from './render.ts';
import { resumableRoutes } from './tus.ts';
import type { StorageService } from './service.ts';
import type { BucketRow, ObjectRow } from './sql.ts';
import { LocalStore } from './store/local.ts';
import type { ObjectStore } from './store/types.ts';

/**
 * The byte store the configuration names. The AWS SDK (about 5 MB of heap, which every full collection marks) is
 * loaded only by a backend that keeps its bytes in S3.
 */
async function openObjectStore(config: Config): Promise<ObjectStore> {
  if (!config.storage.s3) return new LocalStore(path.join(config.dataDir, 'storage'));
  const { S3Store } = await import('./store/s3.ts');
  return new S3Store(config.storage.s3, path.join(config.dataDir, 'storage', 'tmp'));
}

/** Which of `versions` a row of storage.objects still names. */
async function versionsInUse(db: Db, versions: string[]): Promise<Set<string>> {
  const [{ rows }] = await db.batch([
    {
      text: 'select v from jsonb_array_elements_text($1::jsonb) as v where v in (select version from storage.objects)',
      params: [versions],
    },
  ]);
  return new Set(rows.map((row) => row.v as string));
}

export async function createStorageService(deps: Deps): Promise<StorageService> {
  const objectStore = await openObjectStore(deps.config);
  const renditions = new RenderCache(path.join(deps.config.dataDir, 'storage', 'render-cache'));
  const collector = new GarbageCollector(deps.db, objectStore, (versions) => renditions.forget(versions));
  const objects = new RecentRows<ObjectRow>(OBJECTS_CHANNEL);
  const buckets = new RecentRows<BucketRow>(BUCKETS_CHANNEL);
  // Without a listening connection nothing is kept, and every signed URL and upload reads its rows. The notice of a
  // change of objects is also the collector's cue.
  objects.start(deps.db, () => collector.collectSoon()).catch(() => {});
  buckets.start(deps.db).catch(() => {});
  const swept = renditions
    .sweep((versions) => versionsInUse(deps.db, versions))
    .catch((error: unknown) => console.error('Storage: deleting unused transformed images failed:', error));
  const service: StorageService = {
    deps,
    store: objectStore,
    objects,
    buckets,
    renditions,
    maxFileBytes: deps.config.storage.fileSizeLimit,
    collectGarbage: () => collector.collect(),
    collectGarbageSoon() {
      if (!objects.listening) collector.collectSoon();
    },
    async stop() {
      await collector.stop();
      await swept;
      await objects.stop();
      await buckets.stop();
      await objectStore.close?.();
    },
  };
  return service;
}

export function storageRoutes(service: StorageService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // A change made here is forgotten at once, before the database's notification of it arrives; a read that ran
  // meanwhile is not kept (see recent-rows.ts). An upload does this itself, keeping the row it wrote.
  app.use('*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    try {
      await next();
    } finally {
      if (!c.get('storageRowsKept')) service.objects.forget();
      if (c.req.path.startsWith('/storage/v1/bucket')) service.buckets.forget();
    }
  });
  app.route('/bucket', bucketRoutes(service));
  app.route('/object', objectRoutes(service));
  app.route('/upload/resumable', resumableRoutes(service));
  app.route('/render/image', renderRoutes(service));
  return app;
}
