// The uploaded file of a request, as a stream: the raw body, or the file part of a multipart form (with the form's
// fields that precede it, as storage-js sends them). Nothing is buffered beyond what the stream holds in flight.
import type { IncomingMessage } from 'node:http';
import { PassThrough, Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { errors } from './errors.ts';
import type { StorageContext } from './service.ts';

export interface UploadBody {
  stream: Readable;
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown>;
}

function requestStream(c: StorageContext): Readable {
  // On Node the request itself is read: no copy through a web stream.
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming && !incoming.readableDidRead) return incoming;
  const body = c.req.raw.body;
  if (!body) return Readable.from([]);
  return Readable.fromWeb(body as unknown as WebReadableStream<Uint8Array>);
}

/**
 * User metadata sent with a request (JSON, base64-encoded in a header), or undefined for none. What is not a JSON
 * object is ignored, as Storage ignores it, rather than refusing the upload.
 */
export function parseUserMetadata(text: string | undefined, base64: boolean): Record<string, unknown> | undefined {
  if (text === undefined || text === '') return undefined;
  try {
    const value = JSON.parse(base64 ? Buffer.from(text, 'base64').toString('utf8') : text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Ignored, as below.
  }
  return undefined;
}

export async function readUploadBody(c: StorageContext): Promise<UploadBody> {
  const contentType = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) {
    const cacheControl = c.req.header('cache-control') ?? 'no-cache';
    return {
      stream: requestStream(c),
      contentType: contentType || 'application/octet-stream',
      cacheControl,
      userMetadata: parseUserMetadata(c.req.header('x-metadata'), true) ?? {},
    };
  }
  return readMultipart(c, contentType);
}

function readMultipart(c: StorageContext, contentType: string): Promise<UploadBody> {
  const source = requestStream(c);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25, headerPairs: 50 },
    });
  } catch {
    return Promise.reject(errors.invalidRequest('Malformed multipart body'));
  }
  const fields: Record<string, string> = {};
  return new Promise<UploadBody>((resolve, reject) => {
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.resume();
      reject(error);
    };
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (_name, file, info) => {
      if (settled) {
        file.resume();
        return;
      }
      settled = true;
      // The file's stream ends with an error when the form is cut short, so a truncated upload is never kept.
      const stream = new PassThrough({ highWaterMark: 1024 * 1024 });
      // Reported once, to whoever reads the file; the parser and the file may both report the same cut.
      const malformed = () => {
        if (!stream.destroyed) stream.destroy(errors.invalidRequest('Malformed multipart body'));
      };
      // Its error reaches the reader through the pipeline (or its errored state), even when it comes before one is
      // attached; it must never be unhandled.
      stream.on('error', () => {});
      file.on('error', malformed);
      file.pipe(stream);
      parser.on('error', malformed);
      source.on('aborted', () => {
        if (!stream.destroyed) stream.destroy(new Error('The upload was interrupted'));
      });
      try {
        const cacheControl = fields.cacheControl ? `max-age=${fields.cacheControl}` : 'no-cache';
        resolve({
          stream,
          contentType: fields.contentType || info.mimeType || 'application/octet-stream',
          cacheControl,
          userMetadata: parseUserMetadata(fields.metadata ?? fields.userMetadata, false) ?? {},
        });
      } catch (error) {
        stream.destroy();
        reject(error as Error);
      }
    });
    parser.on('error', () => fail(errors.invalidRequest('Malformed multipart body')));
    parser.on('close', () => fail(errors.noContent()));
    source.on('error', (error) => fail(error));
    source.pipe(parser);
  });
}
