// An upload streamed into a temporary file, its bytes counted against the limit as they pass.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
 * resolves to the number of bytes written. A request being read is stopped without closing its connection (pipeline
 * does so for a server's request), which still carries the answer.
 */
export async function streamToFile(
  source: Readable,
  file: string,
  maxBytes: number,
  tooLarge: () => Error,
  signal?: AbortSignal,
): Promise<number> {
  const target = createWriteStream(file, { highWaterMark: 1024 * 1024 });
  const done = pipeline(source, target, { signal });
  // Counted beside the pipe (whose listener, added first, has written each chunk by then) rather than in a stream of
  // its own that every chunk would pass through.
  let bytes = 0;
  source.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > maxBytes) target.destroy(tooLarge());
  });
  await done;
  return bytes;
}

/**
 * The ETag of an upload's bytes. Every upload is a new version, so the version names the content as well as a hash of
 * it would, without reading every byte through a hash (which costs a third of an upload's throughput).
 */
export function etagOf(version: string, bytes: number): string {
  return `"${createHash('md5').update(`${version}:${bytes}`).digest('hex')}"`;
}
