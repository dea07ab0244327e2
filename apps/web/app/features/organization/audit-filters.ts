// The audit trail's filters as they live in the URL (?table=&actor=&from=&to=&page=), so a view can be shared.
import { isIsoDate } from '../../lib/dates';
import { AUDIT_TABLES } from './audit-summary';

export type AuditFilters = {
  table: string | null;
  /** A person's id, or SYSTEM_ACTOR for changes made without a signed-in person. */
  actor: string | null;
  from: string | null;
  to: string | null;
  page: number;
};

export const SYSTEM_ACTOR = 'system';
export const AUDIT_PAGE_SIZE = 25;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Unknown or malformed values are ignored rather than refused: a stale link still opens the trail. */
export function readAuditFilters(params: URLSearchParams): AuditFilters {
  const table = params.get('table');
  const actor = params.get('actor');
  const date = (name: string) => {
    const value = params.get(name);
    return value && isIsoDate(value) ? value : null;
  };
  const page = Number(params.get('page'));
  return {
    table: AUDIT_TABLES.some((entry) => entry.value === table) ? table : null,
    actor: actor === SYSTEM_ACTOR || (actor && UUID.test(actor)) ? actor : null,
    from: date('from'),
    to: date('to'),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function hasAuditFilters(filters: AuditFilters): boolean {
  return Boolean(filters.table || filters.actor || filters.from || filters.to);
}
