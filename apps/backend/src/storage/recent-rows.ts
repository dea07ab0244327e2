// Rows read lately that need no row level security, kept for a moment: the rows of objects behind signed URLs (a
// signed URL is typically fetched many times, and its object's row was one database round trip per fetch) and the
// rows of buckets (every upload reads its bucket's limits). Every process forgets a table's rows when the table
// changes (a trigger notifies, see migrations 0051 and 0052), when this process changes it (at once, before the
// notification arrives), and after a short while in any case. A row read while a change happened is not kept: it may
// be from before the change.
import type { Db } from '../db/types.ts';

export const OBJECTS_CHANNEL = '_backend_storage_objects';
export const BUCKETS_CHANNEL = '_backend_storage_buckets';
const MAX_AGE_MS = 2000;
const MAX_ENTRIES = 1000;

export class RecentRows<Row> {
  private readonly entries = new Map<string, { row: Row; until: number }>();
  /** Counts the times everything was forgotten. */
  private generation = 0;
  private hearing = false;
  private unlisten?: () => Promise<void>;

  constructor(private readonly channel: string) {}

  /**
   * Starts hearing changes of the table, whoever made them; until then nothing is kept. `changed` runs after each,
   * for other work that waits on the same news (deleting bytes no row refers to any more).
   */
  async start(db: Db, changed: () => void = () => {}): Promise<void> {
    this.unlisten = await db.listen(this.channel, () => {
      this.forget();
      changed();
    });
    this.hearing = true;
  }

  /** Whether changes of the table are heard (and so rows are kept). */
  get listening(): boolean {
    return this.hearing;
  }

  async stop(): Promise<void> {
    this.hearing = false;
    this.forget();
    await this.unlisten?.();
  }

  forget(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** The row named `key`, from memory when it is fresh, else from `load`. */
  async find(key: string, load: () => Promise<Row | undefined>): Promise<Row | undefined> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.row;
    const generation = this.generation;
    const row = await load();
    if (row && this.hearing && generation === this.generation) {
      this.entries.delete(key);
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, { row, until: now + MAX_AGE_MS });
    }
    return row;
  }
}
