// Sending an object's bytes: the stored Content-Type and Cache-Control, ETag and Last-Modified with conditional
// requests (If-None-Match, If-Modified-Since -> 304), one byte range (206), and `download` as an attachment.
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { withCorsHeaders } from '../http/cors.ts';
import { errors } from './errors.ts';
import { sendFile } from './send-file.ts';
import type { StorageContext, StorageService } from './service.ts';
import type { ObjectRow } from './sql.ts';
import { NotStoredError, type ByteRange } from './store/types.ts';

/** The one range of a `Range: bytes=…` header; undefined for none (or several, answered in full as allowed). */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/**
 * Content-Disposition for `download`, as Storage writes it: a bare `attachment;` when no name is given (the browser
 * takes the name from the URL), else the name percent-encoded (so it can hold no quote or separator) in both forms.
 */
export function disposition(download: string | undefined): string | undefined {
  if (download === undefined) return undefined;
  if (download === '') return 'attachment;';
  const encoded = encodeURIComponent(download);
  return `attachment; filename=${encoded}; filename*=UTF-8''${encoded};`;
}

/** The type an object is served as: never as a page, which would run on this origin (Storage sends text/plain). */
export function servedContentType(mimetype: string): string {
  return mimetype.toLowerCase().includes('text/html') ? 'text/plain' : mimetype;
}

function notModified(c: StorageContext, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === etag);
  }
  const since = c.req.header('if-modified-since');
  if (since === undefined) return false;
  const time = Date.parse(since);
  return !Number.isNaN(time) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(time / 1000);
}

export async function serveObject(service: StorageService, c: StorageContext, object: ObjectRow): Promise<Response> {
  const metadata = object.metadata;
  if (!metadata) throw errors.noSuchKey();
  const lastModified = new Date(metadata.lastModified ?? object.updated_at);
  const headers: Record<string, string> = {
    'content-type': servedContentType(metadata.mimetype),
    'cache-control': metadata.cacheControl,
    etag: metadata.eTag,
    'last-modified': lastModified.toUTCString(),
    'accept-ranges': 'bytes',
    // A stored type is served as stored; the browser must not guess another from the bytes.
    'x-content-type-options': 'nosniff',
  };
  const attachment = disposition(c.req.query('download'));
  if (attachment) headers['content-disposition'] = attachment;
  if (notModified(c, metadata.eTag, lastModified)) return new Response(null, { status: 304, headers });

  const size = metadata.size;
  const range = parseRange(c.req.header('range'), size);
  if (range === 'unsatisfiable') {
    return c.json(errors.invalidRange().render(), 416, { 'content-range': `bytes */${size}` });
  }
  let status = 200;
  if (range) {
    status = 206;
    headers['content-range'] = `bytes ${range.start}-${range.end}/${size}`;
    headers['content-length'] = String(range.end - range.start + 1);
  } else {
    headers['content-length'] = String(size);
  }
  if (c.req.method === 'HEAD') return new Response(null, { status, headers });
  const outgoing = nodeResponseOf(c);
  const { store } = service;
  try {
    if (outgoing && store.open) {
      const file = await store.open(object.version);
      outgoing.writeHead(status, withCorsHeaders(c, headers));
      sendFile(file, range ?? { start: 0, end: size - 1 }, outgoing);
      return RESPONSE_ALREADY_SENT;
    }
    return sendStream(c, status, headers, await store.read(object.version, range, size));
  } catch (error) {
    if (error instanceof NotStoredError) throw errors.noSuchKey();
    throw error;
  }
}

/** Node's response for the request, when it came through Node's HTTP server. */
function nodeResponseOf(c: StorageContext): ServerResponse | undefined {
  return (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
}

/** Answers with `stream` as the body. */
export function sendStream(
  c: StorageContext,
  status: number,
  headers: Record<string, string>,
  stream: Readable,
): Response {
  const outgoing = nodeResponseOf(c);
  if (outgoing) {
    // Piped straight into Node's response: a web stream in between costs a third of the throughput. pipe() rather
    // than pipeline(), which makes an AbortController and its DOMException for every response; what pipe() leaves
    // undone is done here: a failed read ends the response, and a response closed early closes the file.
    outgoing.writeHead(status, withCorsHeaders(c, headers));
    stream.once('error', () => outgoing.destroy());
    outgoing.once('close', () => stream.destroy());
    stream.pipe(outgoing);
    return RESPONSE_ALREADY_SENT;
  }
  return new Response(Readable.toWeb(stream) as ReadableStream, { status, headers });
}

/** Answers with `bytes` as the body (none for HEAD), and their length. */
export function sendBytes(
  c: StorageContext,
  status: number,
  headers: Record<string, string>,
  bytes: Uint8Array,
): Response {
  headers['content-length'] = String(bytes.length);
  // HEAD is answered by Hono from the GET route's response, which therefore must be a Response.
  if (c.req.method === 'HEAD') return new Response(null, { status, headers });
  const outgoing = nodeResponseOf(c);
  if (outgoing) {
    // Written straight into Node's response, as a stream is (sendStream).
    outgoing.writeHead(status, withCorsHeaders(c, headers));
    outgoing.end(bytes);
    return RESPONSE_ALREADY_SENT;
  }
  return new Response(new Uint8Array(bytes), { status, headers });
}
