// The audit trail's lines: when, who (with their address), and what changed, field by field.
import { StackedTableScroll } from '../../ui/stacked-table-scroll';
import stacked from '../../ui/stacked-table.module.css';
import { Table, Text } from '@mantine/core';
import type { AuditPage } from './audit-summary';

export function AuditTable({ audit }: { audit: AuditPage }) {
  return (
    <StackedTableScroll minWidth={860}>
      <Table className={stacked.table} verticalSpacing="sm" aria-label="Audit trail">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={170}>When</Table.Th>
            <Table.Th w={220}>Who</Table.Th>
            <Table.Th>What</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {audit.entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td data-label="When">
                <Text size="sm">{entry.when}</Text>
              </Table.Td>
              <Table.Td data-label="Who">
                <Text size="sm">{entry.who}</Text>
                {entry.whoDetail ? (
                  <Text size="xs" c="dimmed">
                    {entry.whoDetail}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td data-label="What">
                <Text size="sm" fw={600}>
                  {entry.what}
                </Text>
                {entry.changes.map((change) => (
                  <Text key={change} size="sm" c="dimmed">
                    {change}
                  </Text>
                ))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </StackedTableScroll>
  );
}
