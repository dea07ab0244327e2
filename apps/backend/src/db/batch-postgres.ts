// Several parameterized statements sent to a PostgreSQL server in one write, ended by one Sync: the server runs them
// as one implicit transaction (all or nothing) and answers in one round trip. node-postgres sends a Sync after
// every query, so this is a custom query object speaking the extended protocol itself.
import pg from 'pg';
import { toParams } from './params.ts';
import { toDbError, type QueryResult, type Statement } from './types.ts';

type TypeParsers = { getTypeParser: (oid: number) => (value: string) => unknown };

interface Connection {
  parse(query: { text: string; types: number[] }): void;
  bind(config: { values: unknown[] }): void;
  describe(message: { type: 'P' }): void;
  execute(config: Record<string, never>): void;
  sync(): void;
  stream: { cork?: () => void; uncork?: () => void };
}

interface ResultParser {
  rows: Record<string, unknown>[];
  fields: { name: string; dataTypeID: number }[];
  rowCount: number | null;
  addFields(fields: unknown[]): void;
  parseRow(values: unknown[]): Record<string, unknown>;
  addRow(row: Record<string, unknown>): void;
  addCommandComplete(message: unknown): void;
}

const ResultClass = (pg as unknown as { Result: new (mode: undefined, types: TypeParsers) => ResultParser }).Result;

class PipelinedStatements {
  readonly done: Promise<QueryResult[]>;
  private resolve!: (results: QueryResult[]) => void;
  private reject!: (error: unknown) => void;
  private readonly results: QueryResult[] = [];
  private current: ResultParser;
  private settled = false;

  constructor(
    private readonly statements: Statement[],
    private readonly types: TypeParsers,
  ) {
    this.current = new ResultClass(undefined, types);
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  submit(connection: Connection): null {
    connection.stream.cork?.();
    try {
      for (const statement of this.statements) {
        connection.parse({ text: statement.text, types: [] });
        connection.bind({ values: toParams(statement.params) ?? [] });
        connection.describe({ type: 'P' });
        connection.execute({});
      }
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(message: { fields: unknown[] }): void {
    this.current.addFields(message.fields);
  }

  handleDataRow(message: { fields: unknown[] }): void {
    this.current.addRow(this.current.parseRow(message.fields));
  }

  handleCommandComplete(message: unknown): void {
    this.current.addCommandComplete(message);
    this.finishStatement();
  }

  handleEmptyQuery(): void {
    this.finishStatement();
  }

  handlePortalSuspended(): void {}
  handleCopyInResponse(): void {}
  handleCopyData(): void {}

  handleError(error: unknown): void {
    if (this.settled) return;
    this.settled = true;
    this.reject(toDbError(error));
  }

  handleReadyForQuery(): void {
    if (this.settled) return;
    this.settled = true;
    this.resolve(this.results);
  }

  private finishStatement(): void {
    const { rows, fields, rowCount } = this.current;
    this.results.push({ rows, fields, rowCount: rowCount ?? rows.length });
    this.current = new ResultClass(undefined, this.types);
  }
}

/** Runs the statements on one connection as one implicit transaction, in one round trip. */
export async function batchOnPool(
  client: pg.PoolClient,
  statements: Statement[],
  types: TypeParsers,
): Promise<QueryResult[]> {
  const query = new PipelinedStatements(statements, types);
  client.query(query as unknown as pg.QueryConfig);
  return await query.done;
}
