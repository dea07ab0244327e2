// The one database interface the server uses; implemented over PGlite (embedded) and node-postgres (a real server).

export interface Field {
  name: string;
  dataTypeID: number;
}

export interface QueryResult<R = Record<string, unknown>> {
  rows: R[];
  rowCount: number;
  fields: Field[];
}

export interface Queryable {
  /** One parameterized statement. Values are parsed the same way by every adapter (see parsers.ts). */
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** Several statements without parameters (migrations, seeds). */
  exec(sql: string): Promise<void>;
}

/** One parameterized statement of a batch. */
export interface Statement {
  text: string;
  params?: unknown[];
}

export interface BatchOptions {
  /** False to roll the batch back even when every statement succeeds. */
  commit?: boolean;
}

/** A batch of `statements` in an explicit transaction that ends rolled back (when no statement failed on the way). */
export function trialStatements(statements: Statement[]): Statement[] {
  return [{ text: 'begin' }, ...statements, { text: 'rollback' }];
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs the statements in order as one transaction (all or nothing), sent together so the database answers in one
   * round trip; resolves to each statement's result. Settings made with set_config(..., true) last until the end.
   * With `commit: false` the transaction is rolled back however it ends: a trial of what the statements would do
   * (row level security allowing a write, say) that leaves nothing behind.
   */
  batch(statements: Statement[], options?: BatchOptions): Promise<QueryResult[]>;
  /** Runs `fn` in one transaction on one connection; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; resolves to a function that stops listening. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** A database error with its SQLSTATE, the same from every adapter. */
export class DbError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly detail?: string,
    readonly hint?: string,
    readonly constraint?: string,
    readonly table?: string,
    readonly column?: string,
  ) {
    super(message);
    this.name = 'DbError';
  }
}

/** A database error's message and SQLSTATE fields, as the drivers raise them (and as they cross threads). */
export interface RawDbError {
  message: string;
  code?: string;
  detail?: string;
  hint?: string;
  constraint?: string;
  table?: string;
  column?: string;
}

export function toDbError(error: unknown): unknown {
  const raw = error as RawDbError | null;
  if (raw && typeof raw === 'object' && typeof raw.code === 'string' && /^[0-9A-Z]{5}$/.test(raw.code)) {
    return new DbError(raw.message, raw.code, raw.detail, raw.hint, raw.constraint, raw.table, raw.column);
  }
  return error;
}
