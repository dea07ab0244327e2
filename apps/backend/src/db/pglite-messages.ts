// What the backend's thread and PGlite's worker thread say to each other (pglite-threaded.ts, pglite-worker.ts).
import type { EngineSettings } from './pglite-engine.ts';
import type { BatchOptions, QueryResult, RawDbError, Statement } from './types.ts';

/** What the worker thread opens: the data folder, with these settings. */
export interface WorkerData {
  storage: string;
  settings?: EngineSettings;
}

export type Request =
  | { id: number; op: 'query'; text: string; params?: unknown[]; tx?: number }
  | { id: number; op: 'batch'; statements: Statement[]; options?: BatchOptions }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  /** Opens a transaction; answered with its number once it holds the database. */
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; channel: string }
  | { id: number; op: 'close' };

/** A database error as it crosses threads: its message and SQLSTATE fields. */
export type ErrorFields = RawDbError;

export type Reply =
  | { id: number; ok: true; value?: QueryResult | QueryResult[] | number }
  | { id: number; ok: false; error: ErrorFields }
  | { notify: string; payload: string }
  | { ready: true }
  | { failed: ErrorFields };

export function errorFields(error: unknown): ErrorFields {
  const { message, code, detail, hint, constraint, table, column } = (error ?? {}) as Partial<ErrorFields>;
  return { message: String(message ?? error), code, detail, hint, constraint, table, column };
}
