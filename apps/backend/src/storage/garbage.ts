// Deleting the bytes of object versions no row refers to any more. A trigger notes each such version in
// _backend.storage_garbage, in the transaction that deleted or replaced its row, whoever did (the API, a project's SQL,
// a cascade); the notes are worked off a moment after each change and once at start, for changes a crash interrupted. A note is
// deleted only after its bytes, so a crash in between leaves a note, never a file nothing refers to.
import type { Db } from '../db/types.ts';
import type { ObjectStore } from './store/types.ts';

const BATCH = 1000;
const SELECT_NOTES = `select version from _backend.storage_garbage order by queued_at limit ${BATCH}`;
/** Expired upload tokens are refused anyway; their records are swept now and then. */
const TOKEN_SWEEP_MS = 60_000;
/**
 * How long after a change its bytes wait to be deleted: the changes of a run of uploads are collected in one pass,
 * rather than each in passes of its own that hold up the database for the next upload.
 */
const GATHER_MS = 250;

export class GarbageCollector {
  private running?: Promise<void>;
  /** The pass that follows the one under way, shared by everyone who asked while it ran. */
  private following?: Promise<void>;
  private stopped = false;
  private tokensSweptAt = 0;
  private gathering?: NodeJS.Timeout;

  /** `forgetDerived` deletes what was made from removed versions' bytes (their transformed images). */
  constructor(
    private readonly db: Db,
    private readonly store: ObjectStore,
    private readonly forgetDerived: (versions: string[]) => Promise<void> = async () => {},
  ) {}

  /** A pass a moment from now, together with any other change made meanwhile. */
  collectSoon(): void {
    if (this.gathering || this.stopped) return;
    this.gathering = setTimeout(() => {
      this.gathering = undefined;
      void this.collect();
    }, GATHER_MS);
    // A pending pass does not keep the process alive; the pass at the next start does its work.
    this.gathering.unref();
  }

  /** Stops waiting to collect, and lets a pass under way finish; what is left is collected at the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.gathering);
    this.gathering = undefined;
    await this.running;
    await this.following;
  }

  /**
   * One pass at a time. A pass under way may have read its notes before the caller's change, so a request made
   * meanwhile is answered by the pass after it: when the promise resolves, every note made before the call is worked off.
   */
  collect(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (!this.running) {
      this.running = this.pass()
        .catch((error) => console.error('Storage: deleting unused object bytes failed:', error))
        .finally(() => {
          this.running = undefined;
        });
      return this.running;
    }
    this.following ??= this.running.then(() => {
      this.following = undefined;
      return this.collect();
    });
    return this.following;
  }

  private async pass(): Promise<void> {
    // Batches, even of one statement: a round trip cheaper than a query on PGlite.
    let [{ rows }] = await this.db.batch([{ text: SELECT_NOTES }]);
    while (rows.length > 0) {
      const versions = rows.map((row) => row.version as string);
      await this.store.remove(versions);
      await this.forgetDerived(versions);
      // The notes of the bytes just deleted go, and the next ones are read, in one round trip.
      const [, next] = await this.db.batch([
        {
          text: 'delete from _backend.storage_garbage where version in (select jsonb_array_elements_text($1::jsonb))',
          params: [versions],
        },
        { text: SELECT_NOTES },
      ]);
      rows = next.rows;
    }
    if (Date.now() - this.tokensSweptAt > TOKEN_SWEEP_MS) {
      this.tokensSweptAt = Date.now();
      await this.db.query('delete from _backend.storage_upload_tokens where expires_at < now()');
    }
  }
}
