import { describe, expect, it } from 'vitest';
import { hasAuditFilters, readAuditFilters } from './audit-filters';

describe('readAuditFilters', () => {
  it('reads every filter and the page', () => {
    const filters = readAuditFilters(
      new URLSearchParams(
        'table=organization_users&actor=11111111-1111-4111-8111-111111111111&from=2026-01-01&to=2026-01-31&page=3',
      ),
    );
    expect(filters).toEqual({
      table: 'organization_users',
      actor: '11111111-1111-4111-8111-111111111111',
      from: '2026-01-01',
      to: '2026-01-31',
      page: 3,
    });
    expect(hasAuditFilters(filters)).toBe(true);
  });

  it('ignores unknown tables, actors, dates and pages instead of failing', () => {
    const filters = readAuditFilters(new URLSearchParams('table=auth.users&actor=x&from=2026-02-30&page=-2'));
    expect(filters).toEqual({ table: null, actor: null, from: null, to: null, page: 1 });
    expect(hasAuditFilters(filters)).toBe(false);
  });

  it('accepts the system as an actor', () => {
    expect(readAuditFilters(new URLSearchParams('actor=system')).actor).toBe('system');
  });
});
