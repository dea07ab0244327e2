// The statements of batches that PGlite keeps parsed, by name, so that a statement run again skips parsing and, once
// Postgres settles on a generic plan, planning: the scoping and the write of an upload took 1.7 ms of the embedded
// database's time each when parsed afresh, and 1.1 ms when prepared. PostgREST prepares its statements the same way.
// Postgres itself plans a prepared statement again when a table it reads changes, when the role or the search path
// differs, and after five runs compares a generic plan with the custom ones. What it cannot do is keep a statement
// whose result's columns a change of the schema altered, or one that someone's DEALLOCATE dropped: a batch refused
// for either (see isStale) is run again with every statement parsed afresh.
import { protocol } from '@electric-sql/pglite';

/** The most statements kept prepared; the least recently used one is closed to make room for a new one. */
const CAPACITY = 256;

export interface PreparedBatch {
  /** Close messages for the statements given up to make room. */
  closes: Uint8Array[];
  /** For each statement, in order: its Parse message when it is new, and its Bind message. */
  binds: Uint8Array[][];
  /** The statements this batch prepares, in order: each exists once Postgres reports its parse complete. */
  parsing: string[];
}

export class PreparedStatements {
  /** Statement names by text, least recently used first. */
  private readonly names = new Map<string, string>();
  private created = 0;

  /** The messages that parse (when new) and bind each statement, with its values, and close those given up. */
  prepare(statements: { text: string; values: (string | null)[] }[]): PreparedBatch {
    const { serialize } = protocol;
    const binds: Uint8Array[][] = [];
    const parsing: string[] = [];
    const used = new Set<string>();
    for (const { text, values } of statements) {
      const messages: Uint8Array[] = [];
      let name = this.names.get(text);
      if (name === undefined) {
        name = `_backend_${++this.created}`;
        messages.push(serialize.parse({ text, name }));
        parsing.push(text);
      }
      this.names.delete(text);
      this.names.set(text, name);
      used.add(name);
      messages.push(serialize.bind({ values, statement: name }));
      binds.push(messages);
    }
    // Closing a name Postgres does not know is no error, so these are safe whatever came before.
    const closes: Uint8Array[] = [];
    for (const [text, name] of this.names) {
      if (this.names.size <= CAPACITY || used.has(name)) break;
      this.names.delete(text);
      closes.push(serialize.close({ type: 'S', name }));
    }
    return { closes, binds, parsing };
  }

  /**
   * After the batch ran: the first `parsed` of its new statements exist; an error stopped the rest before their
   * parse, and they are forgotten to be parsed again next time.
   */
  settle(batch: PreparedBatch, parsed: number): void {
    for (const text of batch.parsing.slice(parsed)) this.names.delete(text);
  }

  /** Forgets every statement, after Postgres has dropped them (DEALLOCATE ALL). */
  clear(): void {
    this.names.clear();
  }
}

/** Whether a batch was refused because a prepared statement is gone or no longer fits the schema. */
export function isStale(error: { code?: string; message?: string }): boolean {
  return (
    error.code === '26000' ||
    (error.code === '0A000' && /cached plan must not change result type/.test(error.message ?? ''))
  );
}
