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
  asServer,
  bucketOf,
  bypassesPolicies,
  callerOf,
  handled,
  type Caller,
  type StorageContext,
  type StorageService,
} from './service.ts';
import { assertSignedFor, spendUploadToken, verifySignature, type SignedClaims } from './signing.ts';
import { writeObject, type NewObject } from './sql.ts';

export const RESUMABLE_PATH = '/storage/v1/upload/resumable';
const SIGNED_SUFFIX = '/sign';

/**
 * Who sends a request: a caller named by their token, or (at /upload/resumable/sign) whoever holds a signed upload
 * URL's token, which lets them write that one object as its owner, past row level security.
 */
interface RequestState {
  caller?: Caller;
  signed?: SignedClaims;
  upsert: boolean;
}

/** Who created an upload: only they may continue or finish it. */
function uploaderOf({ caller, signed }: RequestState): string {
  if (signed) return `signed:${signed.jti ?? signed.url}`;
  return caller!.owner ?? caller!.role;
}

/**
 * A refusal as Storage's TUS endpoint sends it: the error's own status (404, 403, ...) with its message as the plain
 * text body, which tus-js-client shows; a file over the size limit as @tus/server words it.
 */
function refusal(error: unknown): { status_code: number; body: string } {
  const known = error instanceof StorageError ? error : (fromDbError(error) ?? errors.internal());
  if (!(error instanceof StorageError) && !fromDbError(error)) console.error('Resumable upload:', error);
  if (known.code === 'EntityTooLarge') return { status_code: 413, body: 'Maximum size exceeded\n' };
  return { status_code: known.statusCode, body: known.message };
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
    // An upload made through a signed URL is continued there too.
    generateUrl: (_req, { id }) =>
      `${service.deps.config.apiExternalUrl}${RESUMABLE_PATH}${current().signed ? SIGNED_SUFFIX : ''}/${id}`,
    async onUploadCreate(_req, upload) {
      try {
        const { caller, upsert, signed } = current();
        if (upload.sizeIsDeferred) throw errors.invalidRequest('Upload-Length is required');
        const { bucket, key, contentType, maxBytes } = await target(upload);
        if (signed) assertSignedFor(signed, bucket.id, key);
        if ((upload.size ?? 0) > maxBytes) throw errors.entityTooLarge();
        assertAllowedType(contentType, bucket.allowed_mime_types);
        // Whether the caller may write the object, asked before any byte is taken: written, then rolled back.
        if (caller) {
          await asCallerAt(service, caller, 'POST', RESUMABLE_PATH, async (tx) => {
            await write(tx, row(bucket.id, key, caller.owner, randomUUID()), upsert);
            throw new Rollback();
          }).catch((error: unknown) => {
            if (!(error instanceof Rollback)) throw error;
          });
        }
        return { metadata: { ...upload.metadata, uploader: uploaderOf(current()) } };
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
      const servesAnyone = caller !== undefined && bypassesPolicies(caller);
      if (!servesAnyone && upload.metadata?.uploader !== uploaderOf(current())) {
        throw refusal(errors.accessDenied('You may not continue this upload'));
      }
    },
    async onUploadFinish(_req, upload) {
      try {
        const { caller, upsert, signed } = current();
        const { bucket, key, contentType, cacheControl, maxBytes } = await target(upload);
        if (signed) assertSignedFor(signed, bucket.id, key);
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
          ...row(bucket.id, key, signed ? signed.owner : caller!.owner, version),
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
          await (caller
            ? asCallerAt(service, caller, 'PATCH', RESUMABLE_PATH, (tx) => write(tx, object, upsert))
            : asServer(service, async (tx) => {
                await write(tx, object, signed!.upsert === true);
                await spendUploadToken(tx, signed!);
              }));
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
  // Through a signed upload URL: its token in x-signature instead of a caller's; refused as Storage's TUS endpoint
  // refuses, in plain text.
  const handleSigned = async (c: StorageContext) => {
    let signed: SignedClaims;
    try {
      const token = c.req.header('x-signature');
      if (!token) throw errors.invalidSignature('Missing x-signature header');
      signed = await verifySignature(service, token);
    } catch (error) {
      const { status_code, body } = refusal(error);
      return c.text(body, status_code as 400);
    }
    return state.run({ signed, upsert: signed.upsert === true }, () => tus.handleWeb(c.req.raw));
  };
  app.all(SIGNED_SUFFIX, handleSigned);
  app.all(`${SIGNED_SUFFIX}/*`, handleSigned);
  const handle = handled(async (c) => {
    const caller = await callerOf(service, c);
    const upsert = c.req.header('x-upsert')?.toLowerCase() === 'true';
    return state.run({ caller, upsert }, () => tus.handleWeb(c.req.raw));
  });
  app.all('/', handle);
  app.all('/*', handle);
  return app;
}
