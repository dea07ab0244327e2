// Rows read lately that need no row level security, kept for a moment: the rows of objects behind signed URLs (a
// signed URL is typically fetched many times, and its object's row was one database round trip per fetch) and the
// rows of buckets (every upload reads its bucket's limits). Every process forgets a table's rows when the table
// changes (a trigger notifies, see migrations 0051 and 0052), when this process changes it (at once, before the
// notification arrives), and after a short while in any case. A row read while a change happened is not kept: it may
// be from before the change.
//
// One exception: the row an upload of this process has just written is kept (the next download of it, often the very
// next request, needs no read). Notices arrive in the order their transactions committed and name them (migration
// 0053), so the row is kept only while nothing committed after that write has been heard of; when the write's own
// notice arrives, everything else is forgotten and the row stays.
import type { Db } from '../db/types.ts';

export const OBJECTS_CHANNEL = '_backend_storage_objects';
export const BUCKETS_CHANNEL = '_backend_storage_buckets';
const MAX_AGE_MS = 2000;
const MAX_ENTRIES = 1000;

/** A row one transaction of this process wrote, the only change it made to the table. */
export interface OwnWrite<Row> {
  /** What recentRows.mark() said just before the transaction started. */
  mark: number;
  /** The transaction's id, as its notice names it. */
  txid: string;
  key: string;
  row: Row;
}

export class RecentRows<Row> {
  private readonly entries = new Map<string, { row: Row; until: number }>();
  /** Counts the times everything was forgotten. */
  private generation = 0;
  private hearing = false;
  private unlisten?: () => Promise<void>;
  /** Notices heard so far, and what the last one said. */
  private heard = 0;
  private lastNotice?: string;
  /** Rows written here whose notices are still to come, by transaction id. */
  private readonly awaited = new Map<string, { key: string; row: Row; until: number }>();

  constructor(private readonly channel: string) {}

  /**
   * Starts hearing changes of the table, whoever made them; until then nothing is kept. `changed` runs after each,
   * for other work that waits on the same news (deleting bytes no row refers to any more).
   */
  async start(db: Db, changed: () => void = () => {}): Promise<void> {
    this.unlisten = await db.listen(this.channel, (payload) => {
      this.heard += 1;
      this.lastNotice = payload;
      const own = this.awaited.get(payload);
      this.awaited.delete(payload);
      this.forget();
      if (own) this.keep(own.key, own.row);
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

  /** To be taken just before a transaction whose write may be kept with wrote(). */
  mark(): number {
    return this.heard;
  }

  /**
   * After a transaction of this process committed its write of one row: everything is forgotten, as after any change
   * made here, and the row it wrote is kept, unless a change committed after it has been heard of already (the row
   * may be older than that change).
   */
  wrote({ mark, txid, key, row }: OwnWrite<Row>): void {
    this.forget();
    if (!this.hearing) return;
    const now = Date.now();
    if (this.heard === mark) {
      // Its own notice is still to come (none comes for an insert); what is heard from now on committed later, and
      // whatever it is, the row is forgotten with the rest; only its own notice keeps it.
      // Oldest first (each waits the same while), so the expired ones are at the front.
      for (const [id, awaited] of this.awaited) {
        if (awaited.until > now) break;
        this.awaited.delete(id);
      }
      if (this.awaited.size < MAX_ENTRIES) this.awaited.set(txid, { key, row, until: now + MAX_AGE_MS });
      this.keep(key, row);
    } else if (this.lastNotice === txid) {
      // Its own notice came first, and nothing after it.
      this.keep(key, row);
    }
  }

  /** Keeps a row known to be current; a read under way may be older, so it is not kept. */
  private keep(key: string, row: Row): void {
    this.generation += 1;
    this.remember(key, row, Date.now());
  }

  private remember(key: string, row: Row, now: number): void {
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { row, until: now + MAX_AGE_MS });
  }

  /** The row named `key`, from memory when it is fresh, else from `load`. */
  async find(key: string, load: () => Promise<Row | undefined>): Promise<Row | undefined> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.row;
    const generation = this.generation;
    const row = await load();
    if (row && this.hearing && generation === this.generation) this.remember(key, row, now);
    return row;
  }
}
