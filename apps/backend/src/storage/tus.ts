// Resumable uploads over TUS at /upload/resumable, as Supabase Storage takes them (tus-js-client with the metadata
// bucketName, objectName, contentType, cacheControl and metadata; x-upsert to replace). Parts are kept by @tus/server's
// file store in the data folder until the upload is complete; only then are the bytes moved into the object store and
// the object's row written, so an upload in progress, or cut short by a crash, is never visible, and resumes where
// it stopped once the client comes back (HEAD tells it the offset).
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import { Hono } from 'hono';
import type { Queryable } from '../db/types.ts';
import type { AppEnv } from '../http/env.ts';
import { errors, fromDbError, StorageError } from './errors.ts';
import { assertAllowedType } from './mime.ts';
import { assertBucketName, assertKey } from './names.ts';
import {
  asCallerAt,
  bucketOf,
  bypassesPolicies,
  callerOf,
  handled,
  type Caller,
  type StorageService,
} from './service.ts';
import { writeObject, type NewObject } from './sql.ts';

export const RESUMABLE_PATH = '/storage/v1/upload/resumable';

interface RequestState {
  caller: Caller;
  upsert: boolean;
}

/** A refusal as @tus/server sends it: the status, and Storage's error as the body. */
function refusal(error: unknown): { status_code: number; body: string } {
  const known = error instanceof StorageError ? error : (fromDbError(error) ?? errors.internal());
  if (!(error instanceof StorageError) && !fromDbError(error)) console.error('Resumable upload:', error);
  return { status_code: known.status, body: JSON.stringify(known.render()) };
}

class Rollback extends Error {}

export function resumableRoutes(service: StorageService): Hono<AppEnv> {
  const state = new AsyncLocalStorage<RequestState>();
  const directory = path.join(service.deps.config.dataDir, 'storage', 'resumable');
  const datastore = new FileStore({ directory });
  const current = () => state.getStore()!;

  /** The bucket, key and settings an upload was created with; refused when any is missing or invalid. */
  async function target(upload: Upload) {
    const metadata = upload.metadata ?? {};
    const bucketId = metadata.bucketName ?? '';
    const key = metadata.objectName ?? '';
    assertBucketName(bucketId);
    assertKey(key);
    const bucket = await bucketOf(service, bucketId);
    if (!bucket) throw errors.noSuchBucket();
    const contentType = metadata.contentType || 'application/octet-stream';
    return {
      bucket,
      key,
      contentType,
      cacheControl: metadata.cacheControl ? `max-age=${metadata.cacheControl}` : 'no-cache',
      maxBytes: Math.min(bucket.file_size_limit ?? Infinity, service.maxFileBytes),
    };
  }

  function row(bucket: string, key: string, owner: string | undefined, version: string): NewObject {
    return { bucket, name: key, owner, version, metadata: null, userMetadata: null };
  }

  const write = (tx: Queryable, object: NewObject, upsert: boolean) => writeObject(tx, object, upsert);

  const tus = new Server({
    path: RESUMABLE_PATH,
    datastore,
    maxSize: service.maxFileBytes,
    // Upload ids are made here, never taken from the client, so they are always safe file names.
    namingFunction: () => randomUUID(),
    generateUrl: (_req, { id }) => `${service.deps.config.apiExternalUrl}${RESUMABLE_PATH}/${id}`,
    async onUploadCreate(_req, upload) {
      try {
        const { caller, upsert } = current();
        if (upload.sizeIsDeferred) throw errors.invalidRequest('Upload-Length is required');
        const { bucket, key, contentType, maxBytes } = await target(upload);
        if ((upload.size ?? 0) > maxBytes) throw errors.entityTooLarge();
        assertAllowedType(contentType, bucket.allowed_mime_types);
        // Whether the caller may write the object, asked before any byte is taken: written, then rolled back.
        await asCallerAt(service, caller, 'POST', RESUMABLE_PATH, async (tx) => {
          await write(tx, row(bucket.id, key, caller.owner, randomUUID()), upsert);
          throw new Rollback();
        }).catch((error: unknown) => {
          if (!(error instanceof Rollback)) throw error;
        });
        // Who created the upload: only they may continue or finish it.
        return { metadata: { ...upload.metadata, uploader: caller.owner ?? caller.role } };
      } catch (error) {
        throw refusal(error);
      }
    },
    async onIncomingRequest(req, uploadId) {
      if (req.method === 'POST' || req.method === 'OPTIONS') return;
      const { caller } = current();
      let upload: Upload;
      try {
        upload = await datastore.getUpload(uploadId);
      } catch {
        return; // @tus/server answers an unknown upload itself.
      }
      if (!bypassesPolicies(caller) && upload.metadata?.uploader !== (caller.owner ?? caller.role)) {
        throw refusal(errors.accessDenied('You may not continue this upload'));
      }
    },
    async onUploadFinish(_req, upload) {
      try {
        const { caller, upsert } = current();
        const { bucket, key, contentType, cacheControl, maxBytes } = await target(upload);
        const version = randomUUID();
        const file = path.join(directory, upload.id);
        const stored = await service.store.write(version, createReadStream(file), maxBytes, () =>
          errors.entityTooLarge(),
        );
        let userMetadata: Record<string, unknown> | null = null;
        try {
          userMetadata = upload.metadata?.metadata
            ? (JSON.parse(upload.metadata.metadata) as Record<string, unknown>)
            : null;
        } catch {
          userMetadata = null;
        }
        const object: NewObject = {
          ...row(bucket.id, key, caller.owner, version),
          metadata: {
            eTag: stored.etag,
            size: stored.size,
            mimetype: contentType,
            cacheControl,
            lastModified: stored.lastModified.toISOString(),
            contentLength: stored.size,
            httpStatusCode: 200,
          },
          userMetadata,
        };
        try {
          await asCallerAt(service, caller, 'PATCH', RESUMABLE_PATH, (tx) => write(tx, object, upsert));
        } catch (error) {
          await service.store.remove([version]);
          throw error;
        }
        await datastore.remove(upload.id).catch(() => {});
        service.collectGarbageSoon();
        return {};
      } catch (error) {
        throw refusal(error);
      }
    },
  });

  const app = new Hono<AppEnv>();
  const handle = handled(async (c) => {
    const caller = await callerOf(service, c);
    const upsert = c.req.header('x-upsert')?.toLowerCase() === 'true';
    return state.run({ caller, upsert }, () => tus.handleWeb(c.req.raw));
  });
  app.all('/', handle);
  app.all('/*', handle);
  return app;
}
