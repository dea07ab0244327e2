// Transformed images kept under DATA_DIR/storage/render-cache, named by a key made from the object's version and the
// transformation, so a replaced object is never served stale. A rendition is written aside and renamed into place, and
// never changed afterwards: a reader sees all of it or none.
import { randomUUID } from 'node:crypto';
import { close, createReadStream, fstat, open, type ReadStream } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export class RenderCache {
  constructor(private readonly dir: string) {}

  private fileOf(key: string): string {
    return path.join(this.dir, key.slice(0, 2), key);
  }

  /**
   * The rendition of `key` opened for reading, with its size; undefined when there is none yet. The stream owns the
   * open file: reading it to its end or destroying it closes the file.
   */
  open(key: string): Promise<{ stream: ReadStream; size: number } | undefined> {
    return new Promise((resolve, reject) => {
      open(this.fileOf(key), 'r', (error, fd) => {
        if (error) return error.code === 'ENOENT' ? resolve(undefined) : reject(error);
        fstat(fd, (error, stats) => {
          if (error) return close(fd, () => reject(error));
          // Read up to the known end: no further read only to find the end of the file.
          const end = stats.size > 0 ? stats.size - 1 : undefined;
          resolve({ stream: createReadStream('', { fd, end, highWaterMark: 256 * 1024 }), size: stats.size });
        });
      });
    });
  }

  async keep(key: string, bytes: Uint8Array): Promise<void> {
    const file = this.fileOf(key);
    // Named apart, so two requests rendering the same image at once do not write into one file.
    const aside = `${file}.${randomUUID()}.tmp`;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(aside, bytes);
    await rename(aside, file);
  }
}
