// PGlite's own thread: it opens the data folder and runs what the backend's thread asks, one message at a time as
// PGlite itself serializes them. A statement that runs away holds only this thread, which the backend can end.
import { parentPort, workerData } from 'node:worker_threads';
import { openPgliteEngine } from './pglite-engine.ts';
import { errorFields, type Reply, type Request, type WorkerData } from './pglite-messages.ts';
import type { Queryable } from './types.ts';

const port = parentPort!;
const send = (reply: Reply) => port.postMessage(reply);

interface OpenTransaction {
  tx: Queryable;
  end(commit: boolean): void;
}

const NOT_COMMITTED = Symbol('rollback');

async function main(): Promise<void> {
  const { storage, settings } = workerData as WorkerData;
  const db = await openPgliteEngine(storage, undefined, settings);
  const transactions = new Map<number, OpenTransaction>();
  const listeners = new Map<string, () => Promise<void>>();
  let nextTx = 1;

  /** The database, or the open transaction `tx` names. */
  function target(tx: number | undefined): Queryable {
    const found = tx === undefined ? db : transactions.get(tx)?.tx;
    if (!found) throw new Error('The transaction has ended');
    return found;
  }

  async function handle(request: Request): Promise<Reply | undefined> {
    switch (request.op) {
      case 'query':
        return { id: request.id, ok: true, value: await target(request.tx).query(request.text, request.params) };
      case 'batch':
        return { id: request.id, ok: true, value: await db.batch(request.statements, request.options) };
      case 'exec':
        await target(request.tx).exec(request.sql);
        return { id: request.id, ok: true };
      case 'begin': {
        const number = nextTx++;
        // The transaction stays open, holding PGlite, until the backend's thread ends it.
        db.transaction(
          (tx) =>
            new Promise<void>((resolve, reject) => {
              transactions.set(number, { tx, end: (commit) => (commit ? resolve() : reject(NOT_COMMITTED)) });
              send({ id: request.id, ok: true, value: number });
            }),
        ).then(
          () => finish(number, undefined),
          (error: unknown) => finish(number, error),
        );
        return undefined;
      }
      case 'end': {
        const open = transactions.get(request.tx);
        if (!open) throw new Error('The transaction has ended');
        pendingEnds.set(request.tx, request.id);
        open.end(request.commit);
        return undefined;
      }
      case 'listen':
        listeners.set(
          request.channel,
          await db.listen(request.channel, (payload) => send({ notify: request.channel, payload })),
        );
        return { id: request.id, ok: true };
      case 'unlisten':
        await listeners.get(request.channel)?.();
        listeners.delete(request.channel);
        return { id: request.id, ok: true };
      case 'close':
        await db.close();
        return { id: request.id, ok: true };
    }
  }

  const pendingEnds = new Map<number, number>();
  function finish(tx: number, error: unknown): void {
    transactions.delete(tx);
    const id = pendingEnds.get(tx);
    pendingEnds.delete(tx);
    if (id === undefined) return;
    if (error === undefined || error === NOT_COMMITTED) send({ id, ok: true });
    else send({ id, ok: false, error: errorFields(error) });
  }

  port.on('message', (request: Request) => {
    handle(request).then(
      (reply) => reply && send(reply),
      (error: unknown) => send({ id: request.id, ok: false, error: errorFields(error) }),
    );
  });
  send({ ready: true });
}

main().catch((error: unknown) => send({ failed: errorFields(error) }));
