// The data of a postgres_changes message as Realtime writes it (realtime.apply_rls): the row's columns and values
// that the subscriber's role may select, or an error and no row when the change cannot be shown.
import type { Change } from './changes.ts';

export interface TableShape {
  primaryKey: string[];
  rowSecurity: boolean;
  columns: Array<{ name: string; type: string }>;
}

export const NO_PRIMARY_KEY = 'Error 400: Bad Request, no primary key';
export const UNAUTHORIZED = 'Error 401: Unauthorized';

/** Realtime's message for an insert or update it cannot show: the error, and no row. */
export function errorData(change: Change, error: string): Record<string, unknown> {
  return {
    schema: change.schema,
    table: change.table,
    commit_timestamp: null,
    type: change.type,
    columns: [],
    errors: [error],
    record: {},
    ...(change.type === 'UPDATE' ? { old_record: {} } : {}),
  };
}

function only(row: Record<string, unknown>, keep: (column: string) => boolean): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([column]) => keep(column)));
}

/**
 * The change as Realtime sends it to a role that may select `selectable`: those columns, the new record and the old
 * one as the replica identity allows (only its primary key for a delete under row level security).
 */
export function changeData(change: Change, table: TableShape, selectable: Set<string>): Record<string, unknown> {
  const data: Record<string, unknown> = {
    schema: change.schema,
    table: change.table,
    commit_timestamp: change.commit_timestamp,
    type: change.type,
    columns: table.columns.filter((column) => selectable.has(column.name)),
    errors: null,
  };
  if (change.type !== 'DELETE') data.record = only(change.record ?? {}, (column) => selectable.has(column));
  if (change.type !== 'INSERT') {
    const shown = (column: string) =>
      selectable.has(column) && (!table.rowSecurity || change.type !== 'DELETE' || table.primaryKey.includes(column));
    data.old_record = only(change.old_record ?? {}, shown);
  }
  return data;
}
