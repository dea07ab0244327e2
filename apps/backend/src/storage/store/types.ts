// Where object bytes are kept. Bytes are addressed by version (a fresh id per upload), never by the object's name,
// so a name chosen by a caller never becomes a file path, and replacing an object never overwrites bytes being read.
import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';

export interface StoredFile {
  size: number;
  /** Quoted, as sent in ETag. */
  etag: string;
  lastModified: Date;
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

export interface ObjectStore {
  /**
   * Streams `source` into the store under `version`, refusing (with the error `tooLarge()` returns) as soon as it
   * passes `maxBytes`, and stopping when `signal` aborts. The bytes become readable only when the whole body has
   * arrived: a half-written upload is never visible under its version. A request being read is stopped without
   * closing its connection, which still carries the answer.
   */
  write(
    version: string,
    source: Readable,
    maxBytes: number,
    tooLarge: () => Error,
    signal?: AbortSignal,
  ): Promise<StoredFile>;
  /**
   * The bytes (or a range of them) of a version; throws NotStoredError when the version has no bytes. `size`, the
   * version's length when known, lets a store stop at the end without a further read to find it.
   */
  read(version: string, range?: ByteRange, size?: number): Promise<Readable>;
  /**
   * The bytes of a version as a file opened on this machine, for a store that keeps them on its disk: a download sends
   * them without a new buffer for every chunk (see send-file.ts). The caller closes it. Throws NotStoredError when the
   * version has no bytes.
   */
  open?(version: string): Promise<FileHandle>;
  copy(fromVersion: string, toVersion: string): Promise<StoredFile>;
  /** Deletes versions; ones already gone are ignored. */
  remove(versions: string[]): Promise<void>;
  close?(): Promise<void>;
}

export class NotStoredError extends Error {}

/**
 * Whether `version` has the shape of a version the server makes (a UUID). Versions name files and keys, so nothing
 * else ever reaches a path; a row naming anything else has no bytes.
 */
export const isVersion = (version: string): boolean => /^[0-9a-f-]{36}$/.test(version);
