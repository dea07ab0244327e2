// Transformed images kept under DATA_DIR/storage/render-cache, in a folder per object version named by a key made from
// the transformation, so a replaced object is never served stale. A version's folder goes when its bytes do (see
// garbage.ts), a rendition finished after that is not kept, and folders no row refers to any more (another process
// collected the bytes, or a crash came first) are swept at start. A rendition is written aside and renamed into place,
// and never changed afterwards: a reader sees all of it or none. Small renditions (the thumbnails a page shows again
// and again) are also kept in memory, least recently used first out, and answered without touching the disk.
import { randomUUID } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { isVersion } from './store/types.ts';

/** The largest rendition kept in memory, and all of them together. */
const KEPT_BYTES = 256 * 1024;
const MEMORY_BYTES = 32 * 1024 * 1024;
/** How many folders the sweep at start asks about at once. */
const SWEEP_BATCH = 1000;
/**
 * How many deleted versions are remembered, so that an image still being rendered from one of them is not kept. A
 * version never comes back (every upload and copy makes a new one), and a rendering takes seconds at most.
 */
const FORGOTTEN_VERSIONS = 10_000;

/** A rendition found in the cache: its bytes, or for a large one its file opened for reading. */
export type Rendition = { bytes: Uint8Array } | { stream: ReadStream; size: number };

export class RenderCache {
  private readonly memory = new LRUCache<string, Uint8Array>({
    maxSize: MEMORY_BYTES,
    sizeCalculation: (bytes) => bytes.length,
  });
  private readonly forgotten = new LRUCache<string, true>({ max: FORGOTTEN_VERSIONS });

  constructor(private readonly dir: string) {}

  private fileOf(version: string, key: string): string {
    return path.join(this.dir, version, key);
  }

  /** The rendition `key` of `version`; undefined when there is none yet. A stream owns its file: reading or destroying it closes it. */
  async find(version: string, key: string): Promise<Rendition | undefined> {
    if (!isVersion(version)) return undefined;
    const kept = this.memory.get(`${version}/${key}`);
    if (kept) return { bytes: kept };
    const file = await open(this.fileOf(version, key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!file) return undefined;
    try {
      const { size } = await file.stat();
      if (size > KEPT_BYTES) return { stream: file.createReadStream({ end: size - 1 }), size };
      const bytes = await file.readFile();
      this.memory.set(`${version}/${key}`, bytes);
      await file.close();
      return { bytes };
    } catch (error) {
      await file.close();
      throw error;
    }
  }

  /**
   * Keeps a rendition of `version`, unless the version's bytes were deleted while it was being made: the folder it
   * would make again would outlive them until the next start.
   */
  async keep(version: string, key: string, bytes: Uint8Array): Promise<void> {
    if (!isVersion(version) || this.forgotten.has(version)) return;
    const file = this.fileOf(version, key);
    // Named apart, so two requests rendering the same image at once do not write into one file.
    const aside = `${file}.${randomUUID()}.tmp`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(aside, bytes);
      await rename(aside, file);
    } catch (error) {
      await rm(aside, { force: true });
      // The version's folder was deleted under it: the version is gone, and so is the need for its rendition.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && this.forgotten.has(version)) return;
      throw error;
    }
    if (this.forgotten.has(version)) {
      await this.removeFolder(version);
      return;
    }
    if (bytes.length <= KEPT_BYTES) this.memory.set(`${version}/${key}`, bytes);
  }

  /** Deletes every rendition of `versions`, whose bytes are gone. */
  async forget(versions: string[]): Promise<void> {
    const gone = new Set(versions.filter(isVersion));
    if (gone.size === 0) return;
    for (const version of gone) this.forgotten.set(version, true);
    for (const key of [...this.memory.keys()]) if (gone.has(key.slice(0, key.indexOf('/')))) this.memory.delete(key);
    // One at a time, as the byte store deletes: a pass of many would hold up the transfers behind it.
    for (const version of gone) await this.removeFolder(version);
  }

  private removeFolder(version: string): Promise<void> {
    // Tried again when a rendition being kept meanwhile put a file into the folder as it was emptied.
    return rm(path.join(this.dir, version), { recursive: true, force: true, maxRetries: 3 });
  }

  /**
   * Deletes the folders of versions `existing` does not name (it answers which of the versions it is given still have
   * a row), and anything else found at the top of the cache.
   */
  async sweep(existing: (versions: string[]) => Promise<Set<string>>): Promise<void> {
    const names = await readdir(this.dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    const versions = names.filter(isVersion);
    const strays = names.filter((name) => !isVersion(name));
    for (let start = 0; start < versions.length; start += SWEEP_BATCH) {
      const batch = versions.slice(start, start + SWEEP_BATCH);
      const kept = await existing(batch);
      await this.forget(batch.filter((version) => !kept.has(version)));
    }
    for (const name of strays) await rm(path.join(this.dir, name), { recursive: true, force: true });
  }
}
