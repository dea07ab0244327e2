// A project's team: one row per allocation with person, role, dates, hours per day and whether it is tentative.
import { StackedTableScroll } from '../../ui/stacked-table-scroll';
import stacked from '../../ui/stacked-table.module.css';
import { ActionIcon, Badge, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { formatRange } from '../../lib/dates';
import { type AllocationRow } from './allocation-row';
import { formatHours } from '../../lib/hours';
import { EditingBadge, editingOutline, useLiveEditing } from '../live/live-editing';

type TeamTableProps = {
  allocations: AllocationRow[];
  /** Present only for those who may change allocations. */
  onEdit?: (allocation: AllocationRow) => void;
  onDelete?: (allocation: AllocationRow) => void;
};

export function TeamTable({ allocations, onEdit, onDelete }: TeamTableProps) {
  const live = useLiveEditing();
  return (
    <StackedTableScroll minWidth={640}>
      <Table className={stacked.table} verticalSpacing="xs" aria-label="Team">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Person</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Dates</Table.Th>
            <Table.Th ta="right">Hours</Table.Th>
            <Table.Th>Status</Table.Th>
            {onEdit ? (
              <Table.Th w={90}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {allocations.map((allocation) => {
            const name = allocation.profiles?.full_name || 'Unnamed';
            const editors = live.editorsOf(allocation.id);
            const outline = editingOutline(editors, 'inset');
            return (
              <Table.Tr
                key={allocation.id}
                className={outline.className}
                data-editing={outline['data-editing']}
                style={outline.style}
              >
                <Table.Td data-label="Person">
                  <Group gap={6} wrap="nowrap">
                    <Text fw={500}>{name}</Text>
                    <EditingBadge editors={editors} />
                  </Group>
                  {allocation.profiles?.job_title ? (
                    <Text size="xs" c="dimmed">
                      {allocation.profiles.job_title}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td data-label="Role">
                  {allocation.role ?? (
                    <Text span c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-label="Dates">{formatRange(allocation.start_date, allocation.end_date)}</Table.Td>
                <Table.Td ta="right" data-label="Hours">
                  {formatHours(allocation.hours_per_day, 'h/day')}
                </Table.Td>
                <Table.Td data-label="Status">
                  {allocation.tentative ? (
                    <Badge variant="outline" color="gray">
                      Tentative
                    </Badge>
                  ) : (
                    <Badge variant="light" color="green">
                      Confirmed
                    </Badge>
                  )}
                </Table.Td>
                {onEdit && onDelete ? (
                  <Table.Td data-label="Actions">
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Edit allocation of ${name}`}
                        onClick={() => onEdit(allocation)}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete allocation of ${name}`}
                        onClick={() => onDelete(allocation)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </StackedTableScroll>
  );
}
