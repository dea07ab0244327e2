// The audit trail tab: filters kept in the URL, newest changes first, a page at a time.
import { Button, EmptyState, Group, Pagination, Paper, Select, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { AUDIT_PAGE_SIZE, hasAuditFilters, SYSTEM_ACTOR, type AuditFilters } from './audit-filters';
import { AUDIT_TABLES, type AuditPage } from './audit-summary';
import { AuditTable } from './audit-table';
import { DateRangeFilter } from './date-range-filter';
import { personName, type Member } from './organization-model';

const TABLE_OPTIONS = AUDIT_TABLES.map((table) => ({ value: table.value, label: table.label }));

type AuditPanelProps = { audit: AuditPage; filters: AuditFilters; members: Member[]; weekStart: number };

export function AuditPanel({ audit, filters, members, weekStart }: AuditPanelProps) {
  const [, setSearchParams] = useSearchParams();
  const actors = [
    { value: SYSTEM_ACTOR, label: 'System' },
    ...members.map((member) => ({ value: member.id, label: personName(member) })),
  ];
  // Any filter change starts again at the first page.
  const change = (values: Record<string, string | null>) =>
    setSearchParams(
      (params) => {
        params.delete('page');
        for (const [name, value] of Object.entries(values)) {
          if (value) params.set(name, value);
          else params.delete(name);
        }
        return params;
      },
      { preventScrollReset: true },
    );
  const pages = Math.max(1, Math.ceil(audit.total / AUDIT_PAGE_SIZE));

  return (
    <>
      <Group align="flex-end" gap="sm" mb="md">
        <Select
          label="Table"
          placeholder="All tables"
          data={TABLE_OPTIONS}
          value={filters.table}
          onChange={(table) => change({ table })}
          clearable
          w={200}
        />
        <Select
          label="Who"
          placeholder="Anyone"
          data={actors}
          value={filters.actor}
          onChange={(actor) => change({ actor })}
          clearable
          searchable
          nothingFoundMessage="Nobody by that name"
          w={240}
        />
        <DateRangeFilter
          key={`${filters.from}/${filters.to}`}
          from={filters.from}
          to={filters.to}
          weekStart={weekStart}
          onApply={(range) => change(range)}
        />
        {hasAuditFilters(filters) ? (
          <Button variant="subtle" onClick={() => change({ table: null, actor: null, from: null, to: null })}>
            Clear filters
          </Button>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" mb="xs" aria-live="polite">
        {audit.total === 1 ? '1 change' : `${audit.total} changes`}, newest first
      </Text>
      {audit.entries.length === 0 ? (
        <Paper withBorder p="xl">
          <EmptyState
            icon={<IconHistory size={28} />}
            title={hasAuditFilters(filters) ? 'No change matches these filters' : 'No changes recorded yet'}
            description={
              hasAuditFilters(filters)
                ? 'Widen the date range or clear the filters to see more.'
                : 'Changes to members, invitations, settings, projects, allocations and announcements appear here.'
            }
          />
        </Paper>
      ) : (
        <AuditTable audit={audit} />
      )}
      {pages > 1 ? (
        <Group justify="center" mt="md">
          <Pagination
            total={pages}
            value={filters.page}
            onChange={(page) =>
              setSearchParams(
                (params) => {
                  params.set('page', String(page));
                  return params;
                },
                { preventScrollReset: true },
              )
            }
            aria-label="Audit trail pages"
          />
        </Group>
      ) : null}
    </>
  );
}
