// The embedded database on a thread of its own. PGlite runs each statement to its end on the thread that calls it
// and ignores statement_timeout, so on the backend's thread one runaway statement would stop every request, health
// checks included. Here the backend's thread stays free, and a statement past the time limit is stopped the only way
// PGlite can be: its thread is ended (as a crash of the server, which PGlite's files survive) and the database is
// opened again. The statement gets Postgres's own 57014 error; other statements caught in flight get 503.
import { Worker } from 'node:worker_threads';
import type { EngineSettings } from './pglite-engine.ts';
import { errorFields, type ErrorFields, type Reply, type Request, type WorkerData } from './pglite-messages.ts';
import { DbUnavailableError } from './unavailable.ts';
import { DbError, type BatchOptions, type Db, type Queryable, type QueryResult, type Statement } from './types.ts';

type Call = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  timer?: NodeJS.Timeout;
}

export interface ThreadedOptions {
  /** The longest one statement may run, in milliseconds; 0 for no limit. */
  statementTimeoutMs: number;
  /** Postgres settings from [db.settings] of config.toml. */
  settings?: EngineSettings;
}

const WORKER = new URL('./pglite-worker-boot.mjs', import.meta.url);

function toError({ message, code, detail, hint, constraint, table, column }: ErrorFields): Error {
  return code ? new DbError(message, code, detail, hint, constraint, table, column) : new Error(message);
}

export async function openThreadedPglite(storage: string, options: ThreadedOptions): Promise<Db> {
  let worker: Worker | undefined;
  let nextId = 1;
  let closing = false;
  const pending = new Map<number, Pending>();
  const listeners = new Map<string, Set<(payload: string) => void>>();

  function spawn(): Promise<Worker> {
    const next = new Worker(WORKER, { workerData: { storage, settings: options.settings } satisfies WorkerData });
    worker = next;
    return new Promise<Worker>((resolve, reject) => {
      next.on('message', (reply: Reply) => {
        if ('ready' in reply) resolve(next);
        else if ('failed' in reply) reject(toError(reply.failed));
        else if ('notify' in reply) listeners.get(reply.notify)?.forEach((listener) => listener(reply.payload));
        else settle(reply);
      });
      next.on('error', (error) => {
        reject(error);
        replace(next, new DbUnavailableError(errorFields(error).message));
      });
      next.on('exit', () => {
        reject(new DbUnavailableError('The embedded database stopped'));
        replace(next, new DbUnavailableError('The embedded database stopped'));
      });
    });
  }
  let ready = spawn();

  function settle(reply: Extract<Reply, { id: number }>): void {
    const call = pending.get(reply.id);
    if (!call) return;
    pending.delete(reply.id);
    clearTimeout(call.timer);
    if (reply.ok) call.resolve(reply.value);
    else call.reject(toError(reply.error));
  }

  /**
   * Ends `which` (if it is still the current thread): what was in flight gets `error`; unless the database is
   * closing, it is opened again once the old thread has stopped (never two on the same files at once).
   */
  function replace(which: Worker, error: Error): void {
    if (which !== worker) return;
    worker = undefined;
    for (const [id, call] of pending) {
      clearTimeout(call.timer);
      call.reject(error);
      pending.delete(id);
    }
    if (closing) return;
    ready = which
      .terminate()
      .then(spawn)
      .then(async (next) => {
        for (const channel of listeners.keys()) await post(next, { op: 'listen', channel }, false);
        // Notifications sent meanwhile are lost: an empty one asks each listener to catch up.
        listeners.forEach((set) => set.forEach((listener) => listener('')));
        return next;
      });
    ready.catch((failure: unknown) => console.error('The embedded database could not be opened again:', failure));
  }

  /** One request to `target`; `timed` requests are stopped after the statement time limit. */
  function post<T>(target: Worker, call: Call, timed: boolean): Promise<T> {
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      const entry: Pending = { resolve: resolve as (value: unknown) => void, reject };
      if (timed && options.statementTimeoutMs > 0) {
        entry.timer = setTimeout(() => {
          pending.delete(id);
          reject(new DbError('canceling statement due to statement timeout', '57014'));
          replace(target, new DbUnavailableError('A statement ran past the time limit'));
        }, options.statementTimeoutMs);
      }
      pending.set(id, entry);
      target.postMessage({ ...call, id } as Request);
    });
  }

  async function send<T>(call: Call, timed: boolean): Promise<T> {
    // A thread that could not be opened is tried again by the next request.
    const target = await ready.catch(() => (ready = spawn()));
    return post<T>(target, call, timed);
  }

  await ready;
  return {
    kind: 'pglite',
    query: <R>(text: string, params?: unknown[]) =>
      send<QueryResult<R>>({ op: 'query', text, params: params && [...params] }, true),
    batch: (statements: Statement[], options?: BatchOptions) =>
      send<QueryResult[]>({ op: 'batch', statements, options }, true),
    // Migrations and seeds: as long as they take.
    exec: (sql: string) => send<void>({ op: 'exec', sql }, false),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const tx = await send<number>({ op: 'begin' }, true);
      const inside: Queryable = {
        query: <R>(text: string, params?: unknown[]) =>
          send<QueryResult<R>>({ op: 'query', text, params: params && [...params], tx }, true),
        exec: (sql: string) => send<void>({ op: 'exec', sql, tx }, false),
      };
      let result: T;
      try {
        result = await fn(inside);
      } catch (error) {
        await send({ op: 'end', tx, commit: false }, true).catch(() => {});
        throw error;
      }
      await send({ op: 'end', tx, commit: true }, true);
      return result;
    },
    async listen(channel, onNotify) {
      let set = listeners.get(channel);
      if (!set) {
        listeners.set(channel, (set = new Set()));
        await send({ op: 'listen', channel }, false);
      }
      set.add(onNotify);
      return async () => {
        set.delete(onNotify);
        if (set.size > 0 || listeners.get(channel) !== set) return;
        listeners.delete(channel);
        await send({ op: 'unlisten', channel }, false).catch(() => {});
      };
    },
    async close() {
      closing = true;
      const last = await ready.catch(() => undefined);
      if (last) await post(last, { op: 'close' }, false).catch(() => {});
      await last?.terminate();
    },
  };
}
