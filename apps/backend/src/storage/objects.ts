// /object: upload, replace, download (as the caller, public, or with a signed URL), info, remove, list, move, copy and
// signing, with Storage's routes, answers and messages.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { parseUserMetadata } from './body.ts';
import { errors, StorageError } from './errors.ts';
import { listV1, listV1Options, listV2 } from './list.ts';
import { assertBucketName, assertKey, rawPathAfter, splitObjectPath } from './names.ts';
import { describeTransformation, parseTransformation } from './render.ts';
import { serveObject } from './serve.ts';
import {
  asCaller,
  bucketOf,
  callerOf,
  findObjectAs,
  handleStorageError,
  handled,
  jsonBody,
  objectAsServer,
  signedObjectOf,
  singleReadAs,
  type Caller,
  type StorageContext,
  type StorageService,
} from './service.ts';
import { signDownload, signUpload, spendUploadToken, verifySigned } from './signing.ts';
import { OBJECT_COLUMNS, writeObject, type ObjectRow } from './sql.ts';
import { NotStoredError } from './store/types.ts';
import { upload, type UploadRequest } from './upload.ts';

/** Bucket and key after `/storage/v1/object/<route>`. */
function objectPath(c: StorageContext, route: string): { bucket: string; key: string } {
  const rest = rawPathAfter(c.req.url, `/storage/v1/object/${route}`);
  if (rest === undefined) throw errors.invalidKey('');
  return splitObjectPath(rest);
}

const isTrue = (value: string | undefined) => value?.toLowerCase() === 'true';

/**
 * Answers an upload's failure while the client may still be sending. The rest of the body is read and dropped, and the
 * connection is kept: closing it with bytes still arriving makes the system answer them with a reset, which can reach
 * the client before it has read the answer, and the client then sees a failed connection instead of the error. The
 * HTTP server stops reading half a second or 64 MB after the answer (@hono/node-server's limits), when the client has
 * had it.
 */
function uploadHandler(fn: (c: StorageContext) => Promise<Response>) {
  return async (c: StorageContext): Promise<Response> => {
    try {
      return await fn(c);
    } catch (error) {
      const response = handleStorageError(c, error);
      const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
      if (incoming && !incoming.complete) incoming.resume();
      return response;
    }
  };
}

function uploaded(c: StorageContext, row: ObjectRow) {
  return c.json({ Id: row.id, Key: `${row.bucket_id}/${row.name}` });
}

export function objectRoutes(service: StorageService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  /**
   * The caller on the routes that serve a public bucket to anyone: undefined for a request with no token, or one that
   * is not valid, as Storage lets such a request through there as nobody in particular.
   */
  const callerIfAny = (c: StorageContext) =>
    callerOf(service, c).catch((error: unknown) => {
      if (error instanceof StorageError && error.code === 'InvalidJWT') return undefined;
      throw error;
    });

  /**
   * An object to serve or describe, as Storage finds it: anyone may read a public bucket (past its policies); a
   * private one is read as the caller, under its policies, and is refused to a request without a caller.
   */
  const readToServe = async (c: StorageContext, caller: Caller | undefined, bucketId: string, key: string) => {
    const bucket = await bucketOf(service, bucketId);
    // Without a caller, a bucket that is not public is refused whether it exists or not (so none is given away).
    if (!caller && !bucket?.public) throw errors.accessDenied('Access denied to this bucket');
    if (!bucket) throw errors.noSuchBucket();
    const object = bucket.public
      ? await objectAsServer(service, bucketId, key)
      : await findObjectAs(service, caller!, c, bucketId, key);
    if (!object) throw errors.noSuchKey();
    return object;
  };

  /** The object of a public bucket, whoever asks. */
  const readPublic = async (bucket: string, key: string) => {
    if (!(await bucketOf(service, bucket))?.public) throw errors.noSuchBucket();
    return objectAsServer(service, bucket, key);
  };

  // Signing, signed downloads and signed uploads.
  app.post(
    '/sign/*',
    handled(async (c) => {
      const rest = rawPathAfter(c.req.url, '/storage/v1/object/sign/') ?? '';
      const body = await jsonBody(c);
      const expiresIn = Number(body.expiresIn);
      if (!Number.isFinite(expiresIn) || expiresIn < 1) throw errors.missingParameter('expiresIn');
      const caller = await callerOf(service, c);
      if (!rest.includes('/')) {
        // Several paths of one bucket: each answered on its own, an invisible one with an error.
        const { bucket } = splitObjectPath(rest);
        const paths = body.paths;
        if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string')) throw errors.missingParameter('paths');
        const visible = await singleReadAs(service, caller, c, async (read) => {
          const { rows } = await read.query<{ name: string }>(
            'select name from storage.objects where bucket_id = $1 and name in (select jsonb_array_elements_text($2::jsonb))',
            [bucket, paths],
          );
          return new Set(rows.map((row) => row.name));
        });
        const answers = await Promise.all(
          (paths as string[]).map(async (path) =>
            visible.has(path)
              ? {
                  error: null,
                  path,
                  signedURL: `/object/sign/${bucket}/${path}?token=${await signDownload(service, bucket, path, expiresIn)}`,
                }
              : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
          ),
        );
        return c.json(answers);
      }
      const { bucket, key } = splitObjectPath(rest);
      assertKey(key);
      const object = await findObjectAs(service, caller, c, bucket, key);
      if (!object) throw errors.noSuchKey();
      // A transformation asked for is signed with the URL, which then leads to the image renderer.
      const transform =
        body.transform && typeof body.transform === 'object' ? (body.transform as Record<string, unknown>) : undefined;
      if (transform && Object.keys(transform).length > 0) {
        const asked = Object.fromEntries(Object.entries(transform).map(([name, value]) => [name, String(value)]));
        const transformations = describeTransformation(parseTransformation(asked));
        const token = await signDownload(service, bucket, key, Math.floor(expiresIn), transformations);
        return c.json({ signedURL: `/render/image/sign/${bucket}/${key}?token=${token}` });
      }
      const token = await signDownload(service, bucket, key, Math.floor(expiresIn));
      return c.json({ signedURL: `/object/sign/${bucket}/${key}?token=${token}` });
    }),
  );

  app.get(
    '/sign/*',
    handled(async (c) => {
      const { bucket, key } = objectPath(c, 'sign/');
      await verifySigned(service, c.req.query('token'), bucket, key);
      const object = await signedObjectOf(service, bucket, key);
      if (!object) throw errors.noSuchKey();
      return serveObject(service, c, object);
    }),
  );

  app.post(
    '/upload/sign/*',
    handled(async (c) => {
      const { bucket, key } = objectPath(c, 'upload/sign/');
      assertKey(key);
      const caller = await callerOf(service, c);
      const upsert = isTrue(c.req.header('x-upsert'));
      // The caller must be allowed to write there now; the URL lets whoever holds it do so once.
      if (!(await bucketOf(service, bucket))) throw errors.noSuchBucket();
      await asCaller(service, caller, c, async (tx) => {
        await writeObject(
          tx,
          { bucket, name: key, owner: caller.owner, version: randomUUID(), metadata: null, userMetadata: null },
          upsert,
        );
        throw new RollbackSigned();
      }).catch((error: unknown) => {
        if (!(error instanceof RollbackSigned)) throw error;
      });
      const token = await signUpload(service, bucket, key, caller.owner, upsert);
      return c.json({ url: `/object/upload/sign/${bucket}/${key}?token=${token}`, token });
    }),
  );

  app.put(
    '/upload/sign/*',
    uploadHandler(async (c) => {
      const { bucket, key } = objectPath(c, 'upload/sign/');
      const claims = await verifySigned(service, c.req.query('token'), bucket, key);
      // A token is good for one upload: its id is recorded with the object, and a second use is refused (one without
      // upsert finds the name taken first, and is refused as Storage refuses it).
      const request: UploadRequest = {
        bucket,
        key,
        mode: 'create',
        upsert: claims.upsert === true,
        owner: claims.owner,
        afterWrite: (tx) => spendUploadToken(tx, claims),
      };
      const row = await upload(service, c, request);
      return c.json({ Id: row.id, Key: `${row.bucket_id}/${row.name}` });
    }),
  );

  // Information about an object: /info/authenticated/ needs a caller; /info/ serves a public bucket to anyone.
  for (const route of ['info/public/', 'info/authenticated/', 'info/']) {
    app.get(
      `/${route}*`,
      handled(async (c) => {
        const { bucket, key } = objectPath(c, route);
        assertKey(key);
        const object =
          route === 'info/public/'
            ? await readPublic(bucket, key)
            : await readToServe(c, route === 'info/' ? await callerIfAny(c) : await callerOf(service, c), bucket, key);
        if (!object?.metadata) throw errors.noSuchKey();
        return c.json({
          id: object.id,
          name: object.name,
          version: object.version,
          bucket_id: object.bucket_id,
          size: object.metadata.size,
          content_type: object.metadata.mimetype,
          cache_control: object.metadata.cacheControl,
          etag: object.metadata.eTag,
          metadata: object.user_metadata,
          last_modified: object.metadata.lastModified,
          created_at: object.created_at,
        });
      }),
    );
  }

  // Listing.
  app.post(
    '/list/:bucket',
    handled(async (c) => {
      const bucket = c.req.param('bucket');
      assertBucketName(bucket);
      const options = listV1Options(await jsonBody(c));
      const caller = await callerOf(service, c);
      return c.json(await singleReadAs(service, caller, c, (read) => listV1(read, bucket, options)));
    }),
  );
  app.post(
    '/list-v2/:bucket',
    handled(async (c) => {
      const bucket = c.req.param('bucket');
      assertBucketName(bucket);
      const body = await jsonBody(c);
      const caller = await callerOf(service, c);
      return c.json(await singleReadAs(service, caller, c, (read) => listV2(read, bucket, body)));
    }),
  );

  // Moving and copying, as the caller: the source must be visible to them and the destination writable.
  app.post(
    '/move',
    handled(async (c) => {
      const body = await jsonBody(c);
      const { bucket, sourceKey, destinationKey, destinationBucket } = copyArguments(body);
      const caller = await callerOf(service, c);
      // Looked up first: on PGlite one transaction at a time runs, so none may open inside another.
      if (!(await bucketOf(service, destinationBucket))) throw errors.noSuchBucket();
      await asCaller(service, caller, c, async (tx) => {
        const { rowCount } = await tx.query(
          `update storage.objects set bucket_id = $3, name = $4, updated_at = now()
           where bucket_id = $1 and name = $2`,
          [bucket, sourceKey, destinationBucket, destinationKey],
        );
        if (rowCount === 0) throw errors.noSuchKey();
      });
      return c.json({ message: 'Successfully moved' });
    }),
  );

  app.post(
    '/copy',
    handled(async (c) => {
      const body = await jsonBody(c);
      const { bucket, sourceKey, destinationKey, destinationBucket } = copyArguments(body);
      const caller = await callerOf(service, c);
      const upsert = isTrue(c.req.header('x-upsert'));
      const source = await findObjectAs(service, caller, c, bucket, sourceKey);
      if (!source) throw errors.noSuchKey();
      if (!(await bucketOf(service, destinationBucket))) throw errors.noSuchBucket();
      const version = randomUUID();
      try {
        await service.store.copy(source.version, version);
      } catch (error) {
        if (error instanceof NotStoredError) throw errors.noSuchKey();
        throw error;
      }
      // The copy keeps the source's user metadata, or with copyMetadata false takes the x-metadata header's, and the
      // body's `metadata` (cacheControl, mimetype) over the source's.
      const keepMetadata = body.copyMetadata !== false;
      const userMetadata = keepMetadata
        ? source.user_metadata
        : (parseUserMetadata(c.req.header('x-metadata'), true) ?? null);
      const metadata = source.metadata && {
        ...source.metadata,
        ...(keepMetadata ? {} : fileMetadataOf(body.metadata)),
        lastModified: new Date().toISOString(),
      };
      try {
        const row = await asCaller(service, caller, c, (tx) =>
          writeObject(
            tx,
            { bucket: destinationBucket, name: destinationKey, owner: caller.owner, version, metadata, userMetadata },
            upsert,
          ),
        );
        service.collectGarbageSoon();
        // The new row itself follows the Id and Key storage-js reads.
        return c.json({ Id: row.id, Key: `${row.bucket_id}/${row.name}`, ...row });
      } catch (error) {
        await service.store.remove([version]);
        throw error;
      }
    }),
  );

  // Public downloads, and downloads as the caller.
  app.get(
    '/public/*',
    handled(async (c) => {
      const { bucket, key } = objectPath(c, 'public/');
      assertKey(key);
      const object = await readPublic(bucket, key);
      if (!object) throw errors.noSuchKey();
      return serveObject(service, c, object);
    }),
  );
  // /authenticated/ needs a caller; the bare path serves a public bucket to anyone.
  for (const route of ['authenticated/', '']) {
    app.get(
      `/${route}*`,
      handled(async (c) => {
        const { bucket, key } = objectPath(c, route);
        assertKey(key);
        const caller = route === '' ? await callerIfAny(c) : await callerOf(service, c);
        return serveObject(service, c, await readToServe(c, caller, bucket, key));
      }),
    );
  }

  // Uploads.
  app.post(
    '/*',
    uploadHandler(async (c) => {
      const { bucket, key } = objectPath(c, '');
      const caller = await callerOf(service, c);
      const upsert = isTrue(c.req.header('x-upsert'));
      return uploaded(
        c,
        await upload(service, c, { bucket, key, mode: 'create', upsert, caller, owner: caller.owner }),
      );
    }),
  );
  app.put(
    '/*',
    uploadHandler(async (c) => {
      const { bucket, key } = objectPath(c, '');
      const caller = await callerOf(service, c);
      return uploaded(
        c,
        await upload(service, c, { bucket, key, mode: 'replace', upsert: true, caller, owner: caller.owner }),
      );
    }),
  );

  // Removing: several objects of a bucket by name, or one by its path.
  app.delete(
    '/*',
    handled(async (c) => {
      const rest = rawPathAfter(c.req.url, '/storage/v1/object/') ?? '';
      const caller = await callerOf(service, c);
      if (!rest.includes('/')) {
        const { bucket } = splitObjectPath(rest);
        const body = await jsonBody(c);
        const prefixes = body.prefixes;
        if (!Array.isArray(prefixes) || prefixes.length === 0 || !prefixes.every((p) => typeof p === 'string')) {
          throw errors.missingParameter('prefixes');
        }
        const rows = await asCaller(service, caller, c, async (tx) => {
          const result = await tx.query(
            `delete from storage.objects where bucket_id = $1 and name in (select jsonb_array_elements_text($2::jsonb)) returning ${OBJECT_COLUMNS}`,
            [bucket, prefixes],
          );
          return result.rows;
        });
        service.collectGarbageSoon();
        return c.json(rows);
      }
      const { bucket, key } = splitObjectPath(rest);
      assertKey(key);
      const removed = await asCaller(service, caller, c, async (tx) => {
        const result = await tx.query('delete from storage.objects where bucket_id = $1 and name = $2', [bucket, key]);
        return result.rowCount;
      });
      if (removed === 0) throw errors.noSuchKey();
      service.collectGarbageSoon();
      return c.json({ message: 'Successfully deleted' });
    }),
  );

  return app;
}

class RollbackSigned extends Error {}

/** The object metadata a copy may set: Storage takes cacheControl and mimetype from the body. */
function fileMetadataOf(value: unknown): { cacheControl?: string; mimetype?: string } {
  if (!value || typeof value !== 'object') return {};
  const { cacheControl, mimetype } = value as Record<string, unknown>;
  return {
    ...(typeof cacheControl === 'string' ? { cacheControl } : {}),
    ...(typeof mimetype === 'string' ? { mimetype } : {}),
  };
}

function copyArguments(body: Record<string, unknown>) {
  const { bucketId, sourceKey, destinationKey } = body;
  if (typeof bucketId !== 'string') throw errors.missingParameter('bucketId');
  if (typeof sourceKey !== 'string') throw errors.missingParameter('sourceKey');
  if (typeof destinationKey !== 'string') throw errors.missingParameter('destinationKey');
  const destinationBucket = typeof body.destinationBucket === 'string' ? body.destinationBucket : bucketId;
  assertBucketName(bucketId);
  assertBucketName(destinationBucket);
  assertKey(sourceKey);
  assertKey(destinationKey);
  return { bucket: bucketId, sourceKey, destinationKey, destinationBucket };
}
