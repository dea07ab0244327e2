// Deleting the bytes of object versions no row refers to any more. A trigger notes each such version in
// _backend.storage_garbage, in the transaction that deleted or replaced its row, whoever did (the API, a project's SQL,
// a cascade); the notes are worked off after each change and once at start, for changes a crash interrupted. A note is
// deleted only after its bytes, so a crash in between leaves a note, never a file nothing refers to.
import type { Db } from '../db/types.ts';
import type { ObjectStore } from './store/types.ts';

const BATCH = 1000;
const SELECT_NOTES = `select version from _backend.storage_garbage order by queued_at limit ${BATCH}`;
/** Expired upload tokens are refused anyway; their records are swept now and then. */
const TOKEN_SWEEP_MS = 60_000;

export class GarbageCollector {
  private running?: Promise<void>;
  private again = false;
  private tokensSweptAt = 0;

  constructor(
    private readonly db: Db,
    private readonly store: ObjectStore,
  ) {}

  /** One pass at a time; a request made while one runs asks for another after it. */
  collect(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.pass()
      .catch((error) => console.error('Storage: deleting unused object bytes failed:', error))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          void this.collect();
        }
      });
    return this.running;
  }

  private async pass(): Promise<void> {
    // Batches, even of one statement: a round trip cheaper than a query on PGlite.
    let [{ rows }] = await this.db.batch([{ text: SELECT_NOTES }]);
    while (rows.length > 0) {
      const versions = rows.map((row) => row.version as string);
      await this.store.remove(versions);
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
