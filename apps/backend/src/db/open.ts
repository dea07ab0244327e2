// Chooses the adapter: a PostgreSQL server when DATABASE_URL is set, otherwise embedded PGlite in the data folder.
import type { Config } from '../config.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { Db } from './types.ts';

export function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'limits' | 'project'>): Promise<Db> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, config.project.db.pooler.default_pool_size, {
        statementTimeoutMs: config.limits.statementTimeoutMs,
      })
    : openPglite(config.dataDir, {
        statementTimeoutMs: config.limits.statementTimeoutMs,
        settings: config.project.db.settings,
      });
}
