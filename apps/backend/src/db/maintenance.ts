// The background work of Postgres for the embedded database. PGlite runs Postgres as a single process with no
// background workers, so neither autovacuum nor the checkpointer ever runs: without this, the space of deleted and
// updated rows is never reused (a table that churns, such as sessions, rate limits or storage notes, grows for ever),
// the planner has no statistics, transaction ids are never frozen, and the write-ahead log grows without end, all of
// it to be replayed after a crash. Each pass vacuums or analyzes, one at a time, the tables Postgres's own autovacuum
// would pick by its own settings (thresholds, scale factors, freeze age, a table's autovacuum_enabled), then
// checkpoints when the checkpointer would (checkpoint_timeout, or max_wal_size of log written).
import { quoteIdent } from './quote.ts';
import type { Db } from './types.ts';

export type MaintenanceDone =
  { action: 'vacuum' | 'analyze'; schema: string; table: string } | { action: 'checkpoint' };

export interface MaintenanceOptions {
  /** How long between passes, in milliseconds; a minute, as Postgres's autovacuum, unless set. */
  intervalMs?: number;
  /** How long between checkpoints, in milliseconds; Postgres's checkpoint_timeout unless set. */
  checkpointEveryMs?: number;
}

/**
 * The tables due for maintenance, by autovacuum's rules: dead rows or rows inserted since the last vacuum past their
 * threshold plus a share of the table, or ids older than the freeze age, ask for a vacuum (which also analyzes when
 * changes since the last analysis ask for that); changes since the last analysis alone ask for an analysis.
 */
const DUE_TABLES = `
  with settings as (
    select
      current_setting('autovacuum_vacuum_threshold')::float8 as vacuum_base,
      current_setting('autovacuum_vacuum_scale_factor')::float8 as vacuum_share,
      current_setting('autovacuum_vacuum_insert_threshold')::float8 as insert_base,
      current_setting('autovacuum_vacuum_insert_scale_factor')::float8 as insert_share,
      current_setting('autovacuum_analyze_threshold')::float8 as analyze_base,
      current_setting('autovacuum_analyze_scale_factor')::float8 as analyze_share,
      current_setting('autovacuum_freeze_max_age')::float8 as freeze_age
  ), tables as (
    select c.oid, s.schemaname, s.relname, c.relkind, greatest(c.reltuples, 0) as tuples,
      s.n_dead_tup, s.n_ins_since_vacuum, s.n_mod_since_analyze, age(c.relfrozenxid) as xid_age
    from pg_stat_all_tables s
    join pg_class c on c.oid = s.relid
    where c.relkind in ('r', 'm', 'p')
      and not coalesce('autovacuum_enabled=false' = any (c.reloptions), false)
  )
  select * from (
    select schemaname as schema, relname as "table",
      relkind <> 'p' and (
        n_dead_tup > vacuum_base + vacuum_share * tuples
        or n_ins_since_vacuum > insert_base + insert_share * tuples
        or xid_age > freeze_age
      ) as needs_vacuum,
      -- ANALYZE skips pg_statistic, the table it writes, so autovacuum never asks it to.
      oid <> 'pg_catalog.pg_statistic'::regclass
        and n_mod_since_analyze > analyze_base + analyze_share * tuples as needs_analyze
    from tables, settings
  ) due
  where needs_vacuum or needs_analyze
  order by schema, "table"`;

/**
 * Whether to checkpoint: some log was written since the last one (more than that checkpoint's own record), and either
 * its interval ($1 milliseconds, or checkpoint_timeout) has passed or the log since is as long as Postgres lets it
 * grow before it checkpoints.
 */
const CHECKPOINT_DUE = `
  select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn) > 8192 and (
    now() - checkpoint_time >= coalesce($1::float8 * interval '1 millisecond',
      current_setting('checkpoint_timeout')::interval)
    or pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn) >=
      pg_size_bytes(current_setting('max_wal_size')) / (1 + current_setting('checkpoint_completion_target')::float8)
  ) as due
  from pg_control_checkpoint()`;

/** Postgres's default autovacuum_naptime: how long autovacuum waits between passes over a database. */
const DEFAULT_INTERVAL_MS = 60_000;

/** A table dropped between the choice and its turn is simply skipped. */
const UNDEFINED_TABLE = '42P01';

export class DatabaseMaintenance {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly options: MaintenanceOptions = {},
  ) {}

  /** Passes from now on, each a pause after the last one ended. */
  start(): void {
    const next = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => {
        this.running = this.pass()
          .catch((error: unknown) => console.error('The embedded database could not be maintained:', error))
          .finally(next);
      }, this.options.intervalMs ?? DEFAULT_INTERVAL_MS);
      // A pass pending does not keep the process alive.
      this.timer.unref();
    };
    next();
  }

  /** No pass after this one; resolves once a pass under way has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Vacuums or analyzes each table that is due, one statement at a time, then checkpoints if due; says what it did. */
  async pass(): Promise<MaintenanceDone[]> {
    const done = await this.vacuumAndAnalyze();
    if (!this.stopped && (await this.checkpointDue())) {
      await this.db.exec('checkpoint');
      done.push({ action: 'checkpoint' });
    }
    return done;
  }

  private async checkpointDue(): Promise<boolean> {
    const { rows } = await this.db.query<{ due: boolean }>(CHECKPOINT_DUE, [this.options.checkpointEveryMs ?? null]);
    return rows[0].due;
  }

  private async vacuumAndAnalyze(): Promise<MaintenanceDone[]> {
    // Postgres counts changes in the session that made them and publishes the counts at most once a second; the
    // embedded database has one session, whose counts are published as this statement ends, for the next to read.
    await this.db.query('select pg_stat_force_next_flush()');
    const { rows } = await this.db.query<{
      schema: string;
      table: string;
      needs_vacuum: boolean;
      needs_analyze: boolean;
    }>(DUE_TABLES);
    const done: MaintenanceDone[] = [];
    for (const { schema, table, needs_vacuum: vacuum, needs_analyze: analyze } of rows) {
      if (this.stopped) break;
      const name = `${quoteIdent(schema)}.${quoteIdent(table)}`;
      const action = vacuum ? 'vacuum' : 'analyze';
      try {
        await this.db.exec(vacuum ? `vacuum (analyze ${analyze}) ${name}` : `analyze ${name}`);
        done.push({ schema, table, action });
      } catch (error) {
        if ((error as { code?: string }).code !== UNDEFINED_TABLE) throw error;
      }
    }
    return done;
  }
}
