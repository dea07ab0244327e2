// An upload streamed into a temporary file, its bytes counted against the limit as they pass.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { finished, type Readable } from 'node:stream';
import type { StoredFile } from './types.ts';

/** What an upload needs besides its bytes: the limit, the error past it, and a signal that stops it. */
export interface UploadLimits {
  maxBytes: number;
  tooLarge: () => Error;
  signal?: AbortSignal;
}

/**
 * An upload of `version` streamed into a new temporary file in `tmpDir`, then handed to `keep`, which puts the file
 * where the store keeps it (and removes it if it copies rather than moves it) and says when. If anything fails, the
 * temporary file is removed and nothing is kept.
 */
export async function storeThroughTemporaryFile(
  tmpDir: string,
  version: string,
  source: Readable,
  { maxBytes, tooLarge, signal }: UploadLimits,
  keep: (file: string, size: number) => Promise<Date>,
): Promise<StoredFile> {
  const file = path.join(tmpDir, randomUUID());
  try {
    const size = await streamToFile(source, file, maxBytes, tooLarge, signal);
    const lastModified = await keep(file, size);
    return { size, etag: etagOf(version, size), lastModified };
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
}

/**
 * Streams `source` into `file`, failing with `tooLarge()` once it passes `maxBytes` and stopping when `signal` aborts;
 * resolves to the number of bytes written, once the file is closed. A failure stops reading `source` but leaves it
 * open: a request being read still carries the answer. pipe() rather than pipeline(), which makes an AbortController
 * and its DOMException for every stream it finishes.
 */
export function streamToFile(
  source: Readable,
  file: string,
  maxBytes: number,
  tooLarge: () => Error,
  signal?: AbortSignal,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = createWriteStream(file, { highWaterMark: 1024 * 1024 });
    let bytes = 0;
    let failure: unknown;
    const fail = (error: unknown) => {
      if (failure !== undefined) return;
      failure = error ?? new Error('The upload was stopped.');
      source.unpipe(target);
      target.destroy();
    };
    const stopped = () => fail(signal?.reason);
    source.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > maxBytes) fail(tooLarge());
    });
    // An error, or an end that never came (a client gone, a form cut short), even before this started.
    const unwatch = finished(source, { writable: false }, (error) => error && fail(error));
    target.once('error', fail);
    signal?.addEventListener('abort', stopped, { once: true });
    if (signal?.aborted) stopped();
    // Settled when the file is closed, whichever way: only then may it be renamed or removed.
    target.once('close', () => {
      signal?.removeEventListener('abort', stopped);
      unwatch();
      if (failure !== undefined) reject(failure);
      else resolve(bytes);
    });
    if (source.readableEnded) target.end();
    else source.pipe(target);
  });
}

/**
 * The ETag of an upload's bytes. Every upload is a new version, so the version names the content as well as a hash of
 * it would, without reading every byte through a hash (which costs a third of an upload's throughput).
 */
export function etagOf(version: string, bytes: number): string {
  return `"${createHash('md5').update(`${version}:${bytes}`).digest('hex')}"`;
}
