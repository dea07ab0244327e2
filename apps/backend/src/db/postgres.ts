// The adapter for a real PostgreSQL server (DATABASE_URL), through a node-postgres pool.
import pg from 'pg';
import { batchOnPool } from './batch-postgres.ts';
import { identity, parsers } from './parsers.ts';
import { toParams } from './params.ts';
import { toDbError, type Db, type Queryable, type QueryResult } from './types.ts';

const types = { getTypeParser: (oid: number) => parsers[oid] ?? identity };

function wrap(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async exec(sql) {
      try {
        await target.query(sql);
      } catch (error) {
        throw toDbError(error);
      }
    },
    async query<R>(text: string, params?: unknown[]): Promise<QueryResult<R>> {
      try {
        const result = await target.query({ text, values: toParams(params), types } as pg.QueryConfig);
        return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length, fields: result.fields };
      } catch (error) {
        throw toDbError(error);
      }
    },
  };
}

export async function openPostgres(connectionString: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max, application_name: 'teamplan-backend' });
  // An idle client that loses its connection must not crash the server; the pool replaces it.
  pool.on('error', (error) => console.error('postgres pool:', error.message));
  const direct = wrap(pool);
  const listeners = new Set<() => Promise<void>>();
  await direct.query('select 1');
  return {
    kind: 'postgres',
    query: direct.query,
    batch: (statements) => batchOnPool(pool, statements, types),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw toDbError(error);
      } finally {
        client.release();
      }
    },
    exec: direct.exec,
    async listen(channel, onNotify) {
      const client = await pool.connect();
      const handler = (message: pg.Notification) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      };
      client.on('notification', handler);
      await client.query(`listen "${channel.replaceAll('"', '""')}"`);
      const stop = async () => {
        if (!listeners.delete(stop)) return;
        client.off('notification', handler);
        await client.query(`unlisten "${channel.replaceAll('"', '""')}"`).catch(() => {});
        client.release();
      };
      listeners.add(stop);
      return stop;
    },
    async close() {
      // A listening client is never idle; the pool would wait for it forever.
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}
