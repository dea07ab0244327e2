// Object bytes on the local disk, under <DATA_DIR>/storage: each upload streams into a temporary file and is renamed
// into place once complete (a rename within one file system is atomic), so a crash never leaves a partial file under
// a version's name. Files are spread over 256 folders by the first characters of the version.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, rename, rm, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { storeThroughTemporaryFile } from './to-file.ts';
import { isVersion, NotStoredError, type ByteRange, type ObjectStore, type StoredFile } from './types.ts';

/** The folders versions are spread over: the first two characters of a version. */
const FOLDERS = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export class LocalStore implements ObjectStore {
  private readonly objectsDir: string;
  private readonly tmpDir: string;
  private readonly ready: Promise<unknown>;

  constructor(root: string) {
    this.objectsDir = path.join(root, 'objects');
    this.tmpDir = path.join(root, 'tmp');
    // Leftovers of uploads interrupted by a crash are never renamed into place; clear them on start.
    // The 256 folders of the objects are made at once too, so that no upload fails its first rename into one.
    this.ready = rm(this.tmpDir, { recursive: true, force: true }).then(() =>
      Promise.all(
        [this.tmpDir, ...FOLDERS.map((folder) => path.join(this.objectsDir, folder))].map((dir) =>
          mkdir(dir, { recursive: true }),
        ),
      ),
    );
  }

  private fileOf(version: string): string {
    // Versions are made by the server; checked anyway, so no value ever reaches the file system unvetted.
    if (!isVersion(version)) throw new NotStoredError();
    return path.join(this.objectsDir, version.slice(0, 2), version);
  }

  /** Renames a complete temporary file into place under `version`; the time it was placed is its last change. */
  private async place(tmp: string, version: string): Promise<Date> {
    const file = this.fileOf(version);
    try {
      await rename(tmp, file);
    } catch (error) {
      // A folder removed since the start is made again.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await mkdir(path.dirname(file), { recursive: true });
      await rename(tmp, file);
    }
    return new Date();
  }

  async write(
    version: string,
    source: Readable,
    maxBytes: number,
    tooLarge: () => Error,
    signal?: AbortSignal,
  ): Promise<StoredFile> {
    await this.ready;
    return storeThroughTemporaryFile(this.tmpDir, version, source, { maxBytes, tooLarge, signal }, (file) =>
      this.place(file, version),
    );
  }

  async read(version: string, range?: ByteRange, size?: number): Promise<Readable> {
    const file = this.fileOf(version);
    const whole = size ? { start: 0, end: size - 1 } : {};
    const stream = createReadStream(file, { ...(range ?? whole), highWaterMark: 256 * 1024 });
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'ENOENT' ? new NotStoredError() : error),
      );
    });
    return stream;
  }

  async open(version: string): Promise<FileHandle> {
    try {
      return await open(this.fileOf(version), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new NotStoredError();
      throw error;
    }
  }

  async copy(fromVersion: string, toVersion: string): Promise<StoredFile> {
    await this.ready;
    const tmp = path.join(this.tmpDir, randomUUID());
    try {
      await copyFile(this.fileOf(fromVersion), tmp);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new NotStoredError();
      throw error;
    }
    const { size } = await stat(tmp);
    return { size, etag: '', lastModified: await this.place(tmp, toVersion) };
  }

  /** Waits for the folders made at start, so that nothing is still being made in a data folder about to go. */
  async close(): Promise<void> {
    await this.ready.catch(() => {});
  }

  async remove(versions: string[]): Promise<void> {
    // One at a time: each unlink takes one of libuv's four file system threads, and a pass of a thousand at once
    // would hold up the uploads and downloads queued behind them.
    for (const version of versions) if (isVersion(version)) await unlinkIfThere(this.fileOf(version));
  }
}

/** Removes a file; one already gone is no error. (rm() would look at it twice first.) */
async function unlinkIfThere(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
