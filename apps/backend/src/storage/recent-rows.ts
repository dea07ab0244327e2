// Rows of objects read lately, by bucket and name, for the reads that need no row level security (signed URLs): a
// signed URL is typically fetched many times, and its object's row was one database round trip per fetch. Every
// process forgets them all when storage.objects changes (a trigger notifies, see migration 0051), when this process
// changes it (at once, before the notification arrives), and after a short while in any case. A row read while a
// change happened is not kept: it may be from before the change.
import type { Db } from '../db/types.ts';
import type { ObjectRow } from './sql.ts';

export const OBJECTS_CHANNEL = '_backend_storage_objects';
const MAX_AGE_MS = 2000;
const MAX_ENTRIES = 1000;

export class ObjectCache {
  private readonly entries = new Map<string, { row: ObjectRow; until: number }>();
  /** Counts the times everything was forgotten. */
  private generation = 0;
  private listening = false;
  private unlisten?: () => Promise<void>;

  /**
   * Starts hearing changes of storage.objects, whoever made them; until then nothing is kept. `changed` runs after
   * each, for other work that waits on the same news (deleting bytes no row refers to any more).
   */
  async start(db: Db, changed: () => void = () => {}): Promise<void> {
    this.unlisten = await db.listen(OBJECTS_CHANNEL, () => {
      this.forget();
      changed();
    });
    this.listening = true;
  }

  async stop(): Promise<void> {
    this.listening = false;
    this.forget();
    await this.unlisten?.();
  }

  forget(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** The row of `bucket`/`name`, from memory when it is fresh, else from `load`. */
  async find(bucket: string, name: string, load: () => Promise<ObjectRow | undefined>): Promise<ObjectRow | undefined> {
    // Text in PostgreSQL holds no NUL, so the key names one object.
    const key = `${bucket}\0${name}`;
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.row;
    const generation = this.generation;
    const row = await load();
    if (row && this.listening && generation === this.generation) {
      this.entries.delete(key);
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, { row, until: now + MAX_AGE_MS });
    }
    return row;
  }
}
