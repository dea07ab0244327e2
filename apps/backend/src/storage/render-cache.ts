// Transformed images kept under DATA_DIR/storage/render-cache, named by a key made from the object's version and the
// transformation, so a replaced object is never served stale. A rendition is written aside and renamed into place, and
// never changed afterwards: a reader sees all of it or none. Small renditions (the thumbnails a page shows again and
// again) are also kept in memory, least recently used first out, and answered without touching the disk.
import { randomUUID } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import { mkdir, open, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';

/** The largest rendition kept in memory, and all of them together. */
const KEPT_BYTES = 256 * 1024;
const MEMORY_BYTES = 32 * 1024 * 1024;

/** A rendition found in the cache: its bytes, or for a large one its file opened for reading. */
export type Rendition = { bytes: Uint8Array } | { stream: ReadStream; size: number };

export class RenderCache {
  private readonly memory = new LRUCache<string, Uint8Array>({
    maxSize: MEMORY_BYTES,
    sizeCalculation: (bytes) => bytes.length,
  });

  constructor(private readonly dir: string) {}

  private fileOf(key: string): string {
    return path.join(this.dir, key.slice(0, 2), key);
  }

  /** The rendition of `key`; undefined when there is none yet. A stream owns its file: reading or destroying it closes it. */
  async find(key: string): Promise<Rendition | undefined> {
    const kept = this.memory.get(key);
    if (kept) return { bytes: kept };
    const file = await open(this.fileOf(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!file) return undefined;
    try {
      const { size } = await file.stat();
      if (size > KEPT_BYTES) return { stream: file.createReadStream({ end: size - 1 }), size };
      const bytes = await file.readFile();
      this.memory.set(key, bytes);
      await file.close();
      return { bytes };
    } catch (error) {
      await file.close();
      throw error;
    }
  }

  async keep(key: string, bytes: Uint8Array): Promise<void> {
    const file = this.fileOf(key);
    // Named apart, so two requests rendering the same image at once do not write into one file.
    const aside = `${file}.${randomUUID()}.tmp`;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(aside, bytes);
    await rename(aside, file);
    if (bytes.length <= KEPT_BYTES) this.memory.set(key, bytes);
  }
}
