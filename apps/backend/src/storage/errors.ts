// Errors as Supabase Storage renders them: `{statusCode, code, error, message}` with statusCode the error's own status
// as a string, sent with HTTP 400 (or 500 for a server fault) unless the error names another; storage-js reads both.
import type { Context } from 'hono';
import { DbError } from '../db/types.ts';

export class StorageError extends Error {
  constructor(
    readonly code: string,
    /** The status named in the body. */
    readonly statusCode: number,
    message: string,
    /** The `error` of the body when Storage sends a word other than the code. */
    readonly error?: string,
    /** The HTTP status, where Storage sends the error's own status rather than 400. */
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'StorageError';
  }

  get status(): number {
    return this.httpStatus ?? (this.statusCode >= 500 ? 500 : 400);
  }

  render() {
    return {
      statusCode: String(this.statusCode),
      code: this.code,
      error: this.error ?? this.code,
      message: this.message,
    };
  }
}

export const errors = {
  noSuchBucket: () => new StorageError('NoSuchBucket', 404, 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError('NoSuchKey', 404, 'Object not found', 'not_found'),
  invalidBucketName: () => new StorageError('InvalidBucketName', 400, 'Bucket name invalid', 'Invalid Input'),
  invalidKey: (key: string) => new StorageError('InvalidKey', 400, `Invalid key: ${printable(key)}`),
  alreadyExists: (code = 'KeyAlreadyExists') => new StorageError(code, 409, 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () => new StorageError('InvalidRequest', 409, 'The bucket you tried to delete is not empty'),
  accessDenied: (message: string) => new StorageError('AccessDenied', 403, message, 'Unauthorized'),
  invalidJwt: (message = 'Invalid JWT') => new StorageError('InvalidJWT', 400, message),
  invalidSignature: (message = 'Invalid signature') => new StorageError('InvalidSignature', 400, message),
  expiredToken: () => new StorageError('ExpiredToken', 400, 'The provided token has expired.'),
  missingParameter: (name: string) => new StorageError('MissingParameter', 400, `Missing Required Parameter ${name}`),
  invalidRequest: (message: string) => new StorageError('InvalidRequest', 400, message),
  invalidRange: () => new StorageError('InvalidRange', 400, 'invalid range provided', 'invalid_range', 416),
  invalidMimeType: (type: string) =>
    new StorageError('InvalidMimeType', 415, `mime type ${printable(type)} is not supported`, 'invalid_mime_type'),
  entityTooLarge: () =>
    new StorageError('EntityTooLarge', 413, 'The object exceeded the maximum allowed size', 'Payload too large'),
  invalidFileSizeLimit: () =>
    new StorageError('InvalidRequest', 400, 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'),
  noContent: () => new StorageError('InvalidRequest', 400, 'No content provided'),
  internal: () => new StorageError('InternalError', 500, 'Internal server error'),
};

/** A name as it may be echoed: control characters are never sent back. */
function printable(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]/g, '');
}

/** Database errors as Storage maps them; anything else is a server fault, reported without its details. */
export function fromDbError(error: unknown): StorageError | undefined {
  if (!(error instanceof DbError)) return undefined;
  switch (error.code) {
    case '42501':
      return errors.accessDenied(
        error.message.includes('row-level security') ? 'new row violates row-level security policy' : error.message,
      );
    case '23505':
      return errors.alreadyExists('ResourceAlreadyExists');
    case '23503':
      return new StorageError('InvalidRequest', 404, 'The related resource does not exist');
    case '22P02':
    case '22023':
      return new StorageError('InvalidParameter', 400, 'Invalid value format or type conversion failed');
    default:
      return undefined;
  }
}

export function storageErrorResponse(c: Context, error: StorageError): Response {
  return c.json(error.render(), error.status as 400);
}
