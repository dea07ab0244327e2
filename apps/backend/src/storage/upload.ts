// Uploading an object (POST: create, or replace with x-upsert; PUT: replace), also through a signed upload URL. The
// caller's right to write is checked by row level security while the bytes stream into the store under a new version,
// within the size limit; the row naming that version is written last, so an upload that is refused, fails or is cut
// short leaves nothing behind.
import { randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import type { Queryable, Statement } from '../db/types.ts';
import { readUploadBody, type UploadBody } from './body.ts';
import { errors } from './errors.ts';
import { assertAllowedType, bytesMatchType, essence, SIGNATURE_BYTES } from './mime.ts';
import { assertKey } from './names.ts';
import {
  asCaller,
  asServer,
  batchAs,
  bucketOf,
  bypassesPolicies,
  keptObjectKey,
  type Caller,
  type StorageContext,
  type StorageService,
} from './service.ts';
import {
  replaceObjectStatement,
  writeObjectStatement,
  AS_SERVER_SQL,
  readWrittenStatement,
  WRITTEN_OBJECT_COLUMNS,
  type NewObject,
  type ObjectRow,
} from './sql.ts';
import type { StoredFile } from './store/types.ts';

export interface UploadRequest {
  bucket: string;
  key: string;
  /** create: a new object (replacing one only with upsert); replace: an existing object (PUT). */
  mode: 'create' | 'replace';
  upsert: boolean;
  /** The caller whose rights apply; undefined for an upload through a signed URL, which the signature allows. */
  caller?: Caller;
  /** The owner of the object. */
  owner?: string;
  /**
   * Runs in the transaction that writes the object's row, once it is written (a signed upload URL records its use
   * there): a name taken already is refused as such first.
   */
  afterWrite?: (tx: Queryable) => Promise<void>;
}

/** The write of the object's row, returning `returning` of it, or nothing for null (see AS_SERVER_SQL). */
function writeStatement(object: NewObject, request: UploadRequest, returning: string | null = null): Statement {
  return request.mode === 'replace'
    ? replaceObjectStatement(object, returning)
    : writeObjectStatement(object, request.upsert, returning);
}

/**
 * Refuses a file whose first bytes are not an image, for an image type declared for a bucket restricted to certain
 * types. Chunks are held back until enough bytes have come to tell (a network may deliver the first few alone). A
 * refused file is still measured to its end, keeping none of it: one over the size limit is refused as too large, as
 * Storage, which never looks at the bytes, refuses it.
 */
class TypeSniffer extends Transform {
  private head: Buffer[] = [];
  private headBytes = 0;
  private checked = false;
  /** Bytes of a file found not to be an image, counted and dropped. */
  private refusedBytes: number | undefined;
  constructor(
    private readonly contentType: string,
    private readonly maxBytes: number,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null, data?: Buffer) => void) {
    if (this.refusedBytes !== undefined) {
      this.refusedBytes += chunk.length;
      return done(this.refusal(false));
    }
    if (this.checked) return done(null, chunk);
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SIGNATURE_BYTES) return done();
    const head = this.inspect();
    if (head) return done(null, head);
    done(this.refusal(false));
  }
  override _flush(done: (error?: Error | null, data?: Buffer) => void) {
    // An empty file is no page in disguise.
    if (!this.checked && this.headBytes > 0) {
      const head = this.inspect();
      if (head) this.push(head);
    }
    done(this.refusal(true));
  }
  /** The bytes held back when they may be passed on; undefined (and counted) when the file is refused. */
  private inspect(): Buffer | undefined {
    this.checked = true;
    const head = Buffer.concat(this.head);
    this.head = [];
    if (bytesMatchType(this.contentType, head)) return head;
    this.refusedBytes = head.length;
    return undefined;
  }
  /** The refusal of a file found not to be an image, by the time it is known: its size at once, its type at its end. */
  private refusal(ended: boolean): Error | null {
    if (this.refusedBytes === undefined) return null;
    if (this.refusedBytes > this.maxBytes) return errors.entityTooLarge();
    return ended ? errors.invalidMimeType(essence(this.contentType)) : null;
  }
}

/** Whether a key names the empty file Storage's clients upload to keep an otherwise empty folder. */
export const isEmptyFolderPlaceholder = (key: string): boolean => key.endsWith('.emptyFolderPlaceholder');

/** Row level security binds the caller: not the service role (which bypasses it) nor a signed URL (run as Storage). */
const policiesApply = (caller: Caller | undefined): caller is Caller =>
  caller !== undefined && !bypassesPolicies(caller);

export async function upload(service: StorageService, c: StorageContext, request: UploadRequest): Promise<ObjectRow> {
  assertKey(request.key);
  const bucket = await bucketOf(service, request.bucket);
  if (!bucket) throw errors.noSuchBucket();
  // The placeholder that keeps an empty folder must be empty, and is taken whatever types the bucket allows.
  const emptyFolder = isEmptyFolderPlaceholder(request.key);
  const maxBytes = emptyFolder ? 0 : Math.min(bucket.file_size_limit ?? Infinity, service.maxFileBytes);
  // A raw body's declared length is the file's; a form's also counts its fields and boundaries, so a file just within
  // the limit would be refused by it: the form's file is measured as it is stored instead.
  const declared = c.req.header('content-length');
  const isForm = /^multipart\/form-data/i.test(c.req.header('content-type') ?? '');
  if (!isForm && declared !== undefined && Number(declared) > maxBytes) throw errors.entityTooLarge();

  const row = (version: string, metadata: NewObject['metadata'], userMetadata: NewObject['userMetadata']) => ({
    bucket: request.bucket,
    name: request.key,
    owner: request.owner,
    version,
    metadata,
    userMetadata,
  });

  // Whether the caller may write here at all: the row is written in a trial that is rolled back, in one round trip.
  // The body streams into a temporary file meanwhile; none of it is kept unless the trial allows the write, a refusal
  // stops it at once, and the refusal is the answer whatever else went wrong with the body. Where no policy applies
  // (the service role, a signed URL) the row's own write decides alone, with the same answer, after the transfer.
  const allowed = policiesApply(request.caller)
    ? batchAs(service, request.caller, c, [writeStatement(row(randomUUID(), null, null), request)], {
        commit: false,
      }).then(([trial]) => {
        if (trial.rowCount === 0) throw errors.noSuchKey();
      })
    : Promise.resolve();
  // Awaited below, on every path; until then a refusal must not count as unhandled.
  allowed.catch(() => {});
  const version = randomUUID();
  let body: UploadBody;
  let stored: StoredFile;
  try {
    const allowedTypes = emptyFolder ? null : bucket.allowed_mime_types;
    ({ body, stored } = await storeBody(service, c, allowedTypes, version, maxBytes, allowed));
  } catch (error) {
    await allowed;
    throw error;
  }
  try {
    await allowed;
  } catch (error) {
    await service.store.remove([version]);
    throw error;
  }
  if (stored.size === 0 && c.req.header('content-length') === undefined && body.contentType === '') {
    await service.store.remove([version]);
    throw errors.noContent();
  }
  const metadata = {
    eTag: stored.etag,
    size: stored.size,
    mimetype: body.contentType,
    cacheControl: body.cacheControl,
    lastModified: stored.lastModified.toISOString(),
    contentLength: stored.size,
    httpStatusCode: 200,
  };
  try {
    const written = await writeRow(service, c, request, row(version, metadata, body.userMetadata));
    if (!written) throw errors.noSuchKey();
    service.collectGarbageSoon();
    return written;
  } catch (error) {
    await service.store.remove([version]);
    throw error;
  }
}

type WrittenObject = ObjectRow & { txid: string };

/**
 * Writes the object's row, with its transaction's id, in one round trip (or in a transaction with the request's own
 * work after the write); then this process keeps the row as written, for the next download of it (see
 * recent-rows.ts), as any trigger that changes a row before it is written left it. Kept rows serve only reads that
 * row level security does not bind (signed URLs, the service role). A caller bound by policies has the row read back
 * as the server (see AS_SERVER_SQL); for anyone else the write returns it.
 */
async function writeRow(
  service: StorageService,
  c: StorageContext,
  request: UploadRequest,
  object: NewObject,
): Promise<ObjectRow | undefined> {
  const { afterWrite, caller } = request;
  const mark = service.objects.mark();
  const bound = policiesApply(caller);
  const statement = writeStatement(object, request, bound ? null : WRITTEN_OBJECT_COLUMNS);
  const readBack = bound ? [{ text: AS_SERVER_SQL }, readWrittenStatement(request.bucket, request.key)] : [];
  let written: WrittenObject | undefined;
  if (!afterWrite) {
    const results = await batchAs(service, caller, c, [statement, ...readBack]);
    if (results[0].rowCount > 0) written = results[results.length - 1].rows[0] as unknown as WrittenObject;
  } else {
    const inTransaction = async (tx: Queryable) => {
      const first = await tx.query<WrittenObject>(statement.text, statement.params);
      if (first.rowCount === 0) return undefined;
      let found = first;
      for (const { text, params } of readBack) found = await tx.query<WrittenObject>(text, params);
      await afterWrite(tx);
      return found.rows[0];
    };
    written = await (caller ? asCaller(service, caller, c, inTransaction) : asServer(service, inTransaction));
  }
  if (!written) return undefined;
  const { txid, ...row } = written;
  service.objects.wrote({ mark, txid, key: keptObjectKey(request.bucket, request.key), row });
  c.set('storageRowsKept', true);
  return row;
}

/** Streams the request's file into the store under `version`, within the limits; stopped when `allowed` fails. */
async function storeBody(
  service: StorageService,
  c: StorageContext,
  allowedTypes: string[] | null,
  version: string,
  maxBytes: number,
  allowed: Promise<void>,
): Promise<{ body: UploadBody; stored: StoredFile }> {
  const body = await readUploadBody(c);
  try {
    assertAllowedType(body.contentType, allowedTypes);
  } catch (error) {
    body.stream.resume();
    throw error;
  }
  let source: Readable = body.stream;
  if (allowedTypes?.length) source = source.pipe(new TypeSniffer(body.contentType, maxBytes));
  body.stream.on('error', (error) => source.destroy(error));
  const refused = new AbortController();
  allowed.catch((error: unknown) => refused.abort(error));
  const stored = await service.store
    .write(version, source, maxBytes, () => errors.entityTooLarge(), refused.signal)
    .catch((error) => {
      body.stream.resume();
      throw error;
    });
  return { body, stored };
}
