// postgres_changes: the capture trigger announces every committed change of a published table (realtime_changes);
// each process matches it against its subscriptions (schema, table, event, filter) and delivers it to those whose
// role and claims may SELECT the row: per table and batch of changes, one statement checks up to sixteen distinct
// subscribers, each as that subscriber exactly as the data API runs a request. Deleted rows cannot be read back: a
// delete goes to subscribers who may read the table, and on a table with row level security its old row shows only
// the primary key, as on Supabase. Each role sees the columns it may select; a role that may not select the primary
// key, and every subscriber of a table without one, is sent Realtime's error instead of an inserted or updated row.
import { quoteIdent } from '../db/quote.ts';
import { scopeParams } from '../db/scope.ts';
import type { Db } from '../db/types.ts';
import { scopeOf, type Identity } from './auth.ts';
import { CHANGES_CHANNEL, readAnnounced } from './bus.ts';
import type { ChangeParams } from './change-params.ts';
import { changeData, errorData, NO_PRIMARY_KEY, UNAUTHORIZED, type TableShape } from './change-messages.ts';
import { ColumnPrivileges, type Selectable } from './column-privileges.ts';
import { matches } from './filters.ts';
import { Delivery } from './hub.ts';

export interface ChangesMember {
  readonly topic: string;
  readonly identity: Pick<Identity, 'role' | 'claims'>;
  receive(delivery: Delivery): void;
}

interface Subscription extends ChangeParams {
  id: number;
  member: ChangesMember;
}

/** One change as the capture trigger announces it. */
export interface Change {
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  commit_timestamp: string;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
}

interface TableInfo extends TableShape {
  /** Selects the key of each row of $1 (rows as JSON) the scope may see; only for a table with a primary key. */
  visibleSql?: string;
  /** Runs whenever the scope may read the table, and selects nothing. */
  readableSql: string;
}

interface VisibilityCheck {
  identity: ChangesMember['identity'];
  /** The changes of one table this identity's subscriptions matched... */
  changes: Set<Change>;
  /** ...and those of them it may see. */
  visible: Set<Change>;
}

/** How many subscriber identities one statement checks (see checkVisibility). */
const IDENTITIES_PER_STATEMENT = 16;

const SYNC_EVERY_MS = 1000;

export class Changes {
  private readonly subscriptions = new Set<Subscription>();
  private readonly tables = new Map<string, Promise<TableInfo | undefined>>();
  private readonly privileges: ColumnPrivileges;
  private pending: Change[] = [];
  private running = false;
  private unlisten?: () => Promise<void>;
  private synced?: { at: number; done: Promise<void> };

  constructor(private readonly db: Db) {
    this.privileges = new ColumnPrivileges(db);
  }

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(CHANGES_CHANNEL, (body) => {
      if (body === '') return;
      readAnnounced(this.db, body).then(
        (text) => text && this.enqueue(JSON.parse(text) as Change),
        (error: unknown) => console.error('realtime: a change could not be read:', (error as Error).message),
      );
    });
    await this.syncCapture();
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
  }

  /** Puts the capture trigger on the tables of the publication; at most once a second. */
  syncCapture(): Promise<void> {
    const now = Date.now();
    if (this.synced && now - this.synced.at < SYNC_EVERY_MS) return this.synced.done;
    const done = this.db
      .query('select realtime.sync_capture()')
      .then(() => this.tables.clear())
      .catch((error: unknown) => console.error('realtime: capture could not be synced:', (error as Error).message));
    this.synced = { at: now, done };
    return done;
  }

  /**
   * Whether the params name at least one table of the supabase_realtime publication, matched as Realtime matches
   * them (* for any, and the names as LIKE patterns).
   */
  async published(params: ChangeParams): Promise<boolean> {
    const pattern = (name: string) => (name === '*' ? '%' : name);
    const found = await this.db.query(
      `select 1 from pg_catalog.pg_publication_tables
        where pubname = 'supabase_realtime' and schemaname like $1 escape '' and tablename like $2 escape '' limit 1`,
      [pattern(params.schema), pattern(params.table)],
    );
    return found.rows.length > 0;
  }

  /** Registers a channel's bindings, read beforehand (see readChangeParams), each with its id. */
  subscribe(member: ChangesMember, params: Array<ChangeParams & { id: number }>): void {
    for (const param of params) this.subscriptions.add({ ...param, member });
  }

  unsubscribe(member: ChangesMember): void {
    for (const subscription of this.subscriptions) {
      if (subscription.member === member) this.subscriptions.delete(subscription);
    }
  }

  private enqueue(change: Change): void {
    this.pending.push(change);
    if (!this.running) void this.drain();
  }

  private async drain(): Promise<void> {
    this.running = true;
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      try {
        await this.process(batch);
      } catch (error) {
        console.error('realtime: changes could not be delivered:', (error as Error).message);
      }
    }
    this.running = false;
  }

  /** The subscriptions of a change's table and event, whatever their filters. */
  private following(change: Change): Subscription[] {
    const found: Subscription[] = [];
    for (const subscription of this.subscriptions) {
      if (subscription.schema !== '*' && subscription.schema !== change.schema) continue;
      if (subscription.table !== '*' && subscription.table !== change.table) continue;
      if (subscription.event !== '*' && subscription.event !== change.type) continue;
      found.push(subscription);
    }
    return found;
  }

  private async process(batch: Change[]): Promise<void> {
    // A row without a primary key cannot be checked against row level security: Realtime sends its inserts and
    // updates to every subscriber of the table as an error without the row, whatever their filters.
    const infos = new Map<Change, TableInfo | undefined>();
    for (const change of batch) infos.set(change, await this.tableInfo(change.schema, change.table));
    const followers = new Map(batch.map((change) => [change, this.following(change)]));
    const passing = (change: Change) =>
      followers.get(change)!.filter(({ filter }) => {
        const row = change.type === 'DELETE' ? change.old_record : change.record;
        return filter.length === 0 || matches(filter, row);
      });
    const keyless = new Set(
      batch.filter((change) => change.type !== 'DELETE' && infos.get(change)?.primaryKey.length === 0),
    );
    const selectable = await this.selectableColumns(
      batch.filter((change) => !keyless.has(change)),
      followers,
    );
    // A role that may not select the primary key is sent an error instead of an inserted or updated row, whatever
    // its filters; only the other roles' subscriptions go on to the visibility check.
    const mayShow = (change: Change, role: string) => {
      const columns = selectable.get(`${change.schema}.${change.table}`)?.get(role);
      if (!columns) return false;
      const primaryKey = infos.get(change)?.primaryKey ?? [];
      return change.type === 'DELETE' || primaryKey.every((column) => columns.has(column));
    };
    const matched = batch.map((change) => ({
      change,
      subscriptions: keyless.has(change)
        ? []
        : passing(change).filter(({ member }) => mayShow(change, member.identity.role)),
    }));
    // For each table: its subscriber identities, each with the changes of that table its subscriptions matched.
    const tables = new Map<string, Map<string, VisibilityCheck>>();
    for (const { change, subscriptions } of matched) {
      if (subscriptions.length === 0) continue;
      const tableKey = `${change.schema}.${change.table}`;
      let checks = tables.get(tableKey);
      if (!checks) tables.set(tableKey, (checks = new Map()));
      for (const { member } of subscriptions) {
        const key = identityKey(member.identity);
        let check = checks.get(key);
        if (!check) checks.set(key, (check = { identity: member.identity, changes: new Set(), visible: new Set() }));
        check.changes.add(change);
      }
    }
    await Promise.all([...tables.values()].map((checks) => this.checkVisibility([...checks.values()])));
    for (const { change, subscriptions } of matched) {
      if (keyless.has(change)) {
        deliver(followers.get(change)!, errorData(change, NO_PRIMARY_KEY));
        continue;
      }
      const tableKey = `${change.schema}.${change.table}`;
      const roles = selectable.get(tableKey);
      if (change.type !== 'DELETE') {
        const refused = followers
          .get(change)!
          .filter(({ member }) => roles?.has(member.identity.role) && !mayShow(change, member.identity.role));
        if (refused.length > 0) deliver(refused, errorData(change, UNAUTHORIZED));
      }
      const info = infos.get(change);
      if (subscriptions.length === 0 || !info) continue;
      const checks = tables.get(tableKey)!;
      const visible = subscriptions.filter(({ member }) =>
        checks.get(identityKey(member.identity))?.visible.has(change),
      );
      // Each role is shown the columns it may select.
      const byRole = new Map<string, Subscription[]>();
      for (const subscription of visible) {
        const role = subscription.member.identity.role;
        let group = byRole.get(role);
        if (!group) byRole.set(role, (group = []));
        group.push(subscription);
      }
      for (const [role, group] of byRole) deliver(group, changeData(change, info, roles!.get(role)!));
    }
  }

  /** For each table of the changes (by schema.table), the columns each role of its subscribers may select. */
  private async selectableColumns(
    changes: Change[],
    followers: Map<Change, Subscription[]>,
  ): Promise<Map<string, Selectable>> {
    const rolesByTable = new Map<string, { schema: string; table: string; roles: Set<string> }>();
    for (const change of changes) {
      const key = `${change.schema}.${change.table}`;
      let entry = rolesByTable.get(key);
      if (!entry) rolesByTable.set(key, (entry = { schema: change.schema, table: change.table, roles: new Set() }));
      for (const { member } of followers.get(change)!) entry.roles.add(member.identity.role);
    }
    const selectable = new Map<string, Selectable>();
    for (const [key, { schema, table, roles }] of rolesByTable) {
      if (roles.size === 0) continue;
      try {
        selectable.set(key, await this.privileges.of(schema, table, roles));
      } catch (error) {
        // Nothing is shown of a table whose privileges cannot be read (it was just dropped, say).
        console.error('realtime: column privileges could not be read:', (error as Error).message);
      }
    }
    return selectable;
  }

  /**
   * Fills in which of its changes each identity may see, for one table, in one statement per group of identities:
   * each identity's check runs as that identity, exactly as the data API would run its request (see
   * _backend.realtime_visible). An identity that may not read the table at all sees nothing.
   */
  private async checkVisibility(checks: VisibilityCheck[]): Promise<void> {
    // Every table's entry in process() has at least one identity with at least one change.
    const { schema, table } = checks[0]!.changes.values().next().value!;
    const info = await this.tableInfo(schema, table);
    if (!info) return;
    const changes = new Set(checks.flatMap((check) => [...check.changes]));
    const rowsToCheck = [...changes].filter((change) => change.type !== 'DELETE');
    // Row by row under row level security; otherwise (and for deletes, whose row is gone) reading the table is what
    // it takes. A table with row level security and no primary key cannot be checked row by row: only its deletes.
    const byRow = info.rowSecurity && info.visibleSql !== undefined && rowsToCheck.length > 0;
    const statement = byRow ? info.visibleSql! : info.readableSql;
    const rows = JSON.stringify(byRow ? rowsToCheck.map((change) => change.record) : []);
    // A statement per few identities rather than one for all: the embedded database runs one statement at a time,
    // and the requests queued meanwhile get their turn between these.
    const found: Array<{ check: VisibilityCheck; keys: unknown[] }> = [];
    for (let from = 0; from < checks.length; from += IDENTITIES_PER_STATEMENT) {
      const group = checks.slice(from, from + IDENTITIES_PER_STATEMENT);
      try {
        const result = await this.db.query<{ scope: number; keys: unknown[] }>(
          'select scope, keys from _backend.realtime_visible($1, $2, $3)',
          [statement, JSON.stringify(group.map((check) => scopeParams(scopeOf(check.identity)))), rows],
        );
        for (const { scope, keys } of result.rows) found.push({ check: group[scope]!, keys });
      } catch (error) {
        console.error('realtime: visibility of changes could not be checked:', (error as Error).message);
      }
    }
    // Each changed row's key, written once for all the identities, as the lookup writes the keys it found.
    const keyOf = new Map(
      rowsToCheck.map((change) => [change, JSON.stringify(info.primaryKey.map((column) => change.record?.[column]))]),
    );
    for (const { check, keys } of found) {
      const visibleKeys = new Set(keys.map((key) => JSON.stringify(key)));
      for (const change of check.changes) {
        const visible = !info.rowSecurity || change.type === 'DELETE' || (byRow && visibleKeys.has(keyOf.get(change)!));
        if (visible) check.visible.add(change);
      }
    }
  }

  private tableInfo(schema: string, table: string): Promise<TableInfo | undefined> {
    const key = `${schema}.${table}`;
    let info = this.tables.get(key);
    if (!info) {
      info = this.loadTableInfo(schema, table).catch(() => undefined);
      this.tables.set(key, info);
    }
    return info;
  }

  private async loadTableInfo(schema: string, table: string): Promise<TableInfo | undefined> {
    const found = await this.db.query<{
      rls: boolean;
      pk: string[] | null;
      columns: Array<{ name: string; type: string }>;
    }>(
      `select c.relrowsecurity as rls,
         (select coalesce(json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum)), '[]'::json)
            from pg_catalog.pg_index i
            join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
           where i.indrelid = c.oid and i.indisprimary) as pk,
         (select json_agg(json_build_object('name', a.attname, 'type', t.typname) order by a.attnum)
            from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
           where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns
       from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relname = $2`,
      [schema, table],
    );
    const row = found.rows[0];
    if (!row) return undefined;
    const primaryKey = row.pk ?? [];
    const target = `${quoteIdent(schema)}.${quoteIdent(table)}`;
    const pkList = (alias: string) => primaryKey.map((column) => `${alias}.${quoteIdent(column)}`).join(', ');
    // Row by row from the changed rows, each looked up by its primary key (`limit 1` keeps the lookup a
    // parameterized index scan rather than a join the planner may run as a scan of the whole table, with the
    // policies evaluated on every row).
    const keyMatch = primaryKey.map((column) => `t.${quoteIdent(column)} = r.${quoteIdent(column)}`).join(' and ');
    const visibleSql =
      primaryKey.length === 0
        ? undefined
        : `select v.k from jsonb_populate_recordset(null::${target}, $1::jsonb) as r,
             lateral (select jsonb_build_array(${pkList('t')}) as k from ${target} as t where ${keyMatch} limit 1) as v`;
    const readableSql = `select null::jsonb as k from ${target} where false`;
    return {
      primaryKey,
      rowSecurity: row.rls,
      columns: row.columns ?? [],
      readableSql,
      ...(visibleSql ? { visibleSql } : {}),
    };
  }
}

const identityKeys = new WeakMap<object, string>();

function identityKey(identity: ChangesMember['identity']): string {
  let key = identityKeys.get(identity.claims);
  if (key === undefined)
    identityKeys.set(identity.claims, (key = `${identity.role}\u0000${JSON.stringify(identity.claims)}`));
  return key;
}

/** One message per channel, listing the ids of its bindings the change is for. */
function deliver(subscriptions: Subscription[], data: Record<string, unknown>): void {
  const byMember = new Map<ChangesMember, number[]>();
  for (const { member, id } of subscriptions) {
    const ids = byMember.get(member) ?? [];
    if (!ids.includes(id)) ids.push(id);
    byMember.set(member, ids);
  }
  for (const [member, ids] of byMember) {
    member.receive(new Delivery(member.topic, 'postgres_changes', { ids, data }));
  }
}
