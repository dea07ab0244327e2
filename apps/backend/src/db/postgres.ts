// The adapter for a real PostgreSQL server (DATABASE_URL), through a node-postgres pool.
import pg from 'pg';
import { batchOnPool } from './batch-postgres.ts';
import { identity, parsers } from './parsers.ts';
import { toParams } from './params.ts';
import { listenResiliently, type Listener } from './postgres-listener.ts';
import { toDbError, trialStatements, type Db, type Queryable, type QueryResult } from './types.ts';
import { asUnavailable, isConnectionFailure } from './unavailable.ts';

const types = { getTypeParser: (oid: number) => parsers[oid] ?? identity };

function wrap(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async exec(sql) {
      try {
        await target.query(sql);
      } catch (error) {
        throw toDbError(asUnavailable(error));
      }
    },
    async query<R>(text: string, params?: unknown[]): Promise<QueryResult<R>> {
      try {
        const result = await target.query({ text, values: toParams(params), types } as pg.QueryConfig);
        return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length, fields: result.fields };
      } catch (error) {
        throw toDbError(asUnavailable(error));
      }
    },
  };
}

/** How long a request waits for a connection when the server does not answer, before it is told to retry. */
const CONNECT_TIMEOUT_MS = 5000;

/** A client taken from the pool, with its errors handled while it is out (the pool handles idle clients' only). */
async function checkOut(pool: pg.Pool): Promise<{ client: pg.PoolClient; release(error?: unknown): void }> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw asUnavailable(error);
  }
  // The statement under way receives the error itself; the event must only not go unhandled.
  let broken: Error | undefined;
  const onError = (error: Error) => (broken = error);
  client.on('error', onError);
  return {
    client,
    release(error) {
      client.off('error', onError);
      // A client whose connection failed is destroyed rather than handed to the next request.
      const failed = broken ?? (isConnectionFailure(error) ? (error as Error) : undefined);
      client.release(failed);
    },
  };
}

export interface PostgresOptions {
  /** Longest time one statement may run (PostgreSQL's statement_timeout), in milliseconds; 0 for none. */
  statementTimeoutMs?: number;
}

export async function openPostgres(connectionString: string, max = 10, options: PostgresOptions = {}): Promise<Db> {
  const clientConfig: pg.ClientConfig = {
    connectionString,
    application_name: 'teamplan-backend',
    keepAlive: true,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  };
  const pool = new pg.Pool({ ...clientConfig, max });
  // An idle client that loses its connection (the server restarting) must not end the process; the pool drops it
  // and opens a new one for the next request.
  pool.on('error', (error) => console.error('postgres pool:', error.message));
  const direct = wrap(pool);
  const listeners = new Set<Listener>();
  await direct.query('select 1');
  return {
    kind: 'postgres',
    query: direct.query,
    async batch(statements, options) {
      const commit = options?.commit ?? true;
      const { client, release } = await checkOut(pool);
      try {
        const results = await batchOnPool(client, commit ? statements : trialStatements(statements), types);
        release();
        // A trial's own begin and rollback are not the caller's statements.
        return commit ? results : results.slice(1, -1);
      } catch (error) {
        // A statement that failed inside the explicit transaction of a trial left it open and aborted.
        if (!commit) await client.query('rollback').catch(() => {});
        release(error);
        throw toDbError(asUnavailable(error));
      }
    },
    async transaction(fn) {
      const { client, release } = await checkOut(pool);
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        release();
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        release(error);
        throw toDbError(asUnavailable(error));
      }
    },
    exec: direct.exec,
    async listen(channel, onNotify) {
      let listener: Listener;
      try {
        listener = await listenResiliently(clientConfig, channel, onNotify);
      } catch (error) {
        throw toDbError(asUnavailable(error));
      }
      listeners.add(listener);
      return async () => {
        if (!listeners.delete(listener)) return;
        await listener.stop();
      };
    },
    async close() {
      await Promise.all([...listeners].map((listener) => listener.stop()));
      listeners.clear();
      await pool.end();
    },
  };
}
