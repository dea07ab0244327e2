// Fan-out between the backend processes of one database: each process announces what its clients publish with
// NOTIFY (through realtime.announce, which relays messages too large for a NOTIFY through a table) and LISTENs for
// what the others and the database itself (realtime.send) announce. On PGlite there is one process: nothing is
// announced, but realtime.send still arrives through LISTEN.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/types.ts';

export const BUS_CHANNEL = 'realtime_bus';
export const CHANGES_CHANNEL = 'realtime_changes';

export interface BusMessage {
  /** Kind: b (JSON broadcast), u (user broadcast), p* (presence), n (node alive). */
  k: string;
  /** The process that sent it ('db' for the database). */
  o?: string;
  [field: string]: unknown;
}

/** Reads an announced body, fetching it from realtime.relay when the NOTIFY only names it. */
export async function readAnnounced(db: Db, body: string): Promise<string | undefined> {
  if (!body.startsWith('#')) return body;
  const id = body.slice(1);
  if (!/^\d+$/.test(id)) return undefined;
  const found = await db.query<{ body: string }>('select body from realtime.relay where id = $1', [id]);
  return found.rows[0]?.body;
}

export class Bus {
  readonly origin = randomUUID();
  private unlisten?: () => Promise<void>;
  private sweeper?: NodeJS.Timeout;
  private queue: string[] = [];
  private flushing = false;

  constructor(
    private readonly db: Db,
    private readonly onMessage: (message: BusMessage) => void,
  ) {}

  /** Whether other processes may share the database, so that publishing is needed. */
  get shared(): boolean {
    return this.db.kind === 'postgres';
  }

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(BUS_CHANNEL, (body) => {
      if (body === '') return;
      readAnnounced(this.db, body).then(
        (text) => {
          if (text === undefined) return;
          const message = JSON.parse(text) as BusMessage;
          if (message.o === this.origin) return;
          this.onMessage(message);
        },
        (error: unknown) => console.error('realtime: an announced message could not be read:', error),
      );
    });
    // Relayed bodies are read within moments by every listener; older ones are only clutter.
    this.sweeper = setInterval(() => {
      this.db.query("delete from realtime.relay where created_at < now() - interval '1 minute'").catch(() => undefined);
    }, 60_000);
    this.sweeper.unref();
  }

  /** Announces to the other processes; messages go out in order, those queued meanwhile in one statement. */
  publish(message: BusMessage): void {
    if (!this.shared) return;
    this.queue.push(JSON.stringify({ ...message, o: this.origin }));
    if (!this.flushing) void this.flush();
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    while (this.queue.length > 0) {
      const bodies = this.queue;
      this.queue = [];
      try {
        await this.db.query(
          'select realtime.announce($1, m.body) from jsonb_array_elements_text($2::jsonb) with ordinality as m(body, n) order by m.n',
          [BUS_CHANNEL, JSON.stringify(bodies)],
        );
      } catch (error) {
        console.error('realtime: messages could not be announced:', (error as Error).message);
      }
    }
    this.flushing = false;
  }

  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    for (let waited = 0; (this.flushing || this.queue.length > 0) && waited < 2000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await this.unlisten?.();
  }
}
