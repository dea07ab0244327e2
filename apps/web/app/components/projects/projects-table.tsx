// The project list: one row per project with its status, client, dates, people and planned hours; sortable headers.
import { Anchor, ColorSwatch, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatRange } from '../../utils/dates';
import type { ProjectFilters, SortKey } from './project-filters';
import { formatHours, type ProjectSummary } from './project-schema';
import { StatusBadge } from './status-badge';

type ProjectsTableProps = {
  projects: ProjectSummary[];
  filters: ProjectFilters;
  onSort: (key: SortKey) => void;
};

export function ProjectsTable({ projects, filters, onSort }: ProjectsTableProps) {
  const header = (key: SortKey, label: string, numeric = false) => (
    <SortableHeader sortKey={key} label={label} filters={filters} onSort={onSort} numeric={numeric} />
  );
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table highlightOnHover verticalSpacing="sm" aria-label="Projects">
        <Table.Thead>
          <Table.Tr>
            {header('name', 'Project')}
            {header('client', 'Client')}
            {header('status', 'Status')}
            {header('start_date', 'Dates')}
            {header('people_count', 'People', true)}
            {header('planned_hours', 'Planned', true)}
            <Table.Th ta="right">Budget</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {projects.map((project) => (
            <Table.Tr key={project.id}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <ColorSwatch color={project.color} size={14} aria-hidden />
                  <div>
                    <Anchor component={Link} to={`/projects/${project.id}`} fw={600}>
                      {project.name}
                    </Anchor>
                    {project.code ? (
                      <Text size="xs" c="dimmed">
                        {project.code}
                      </Text>
                    ) : null}
                  </div>
                </Group>
              </Table.Td>
              <Table.Td>
                {project.client ?? (
                  <Text c="dimmed" span>
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <StatusBadge status={project.status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatRange(project.start_date, project.end_date)}</Text>
              </Table.Td>
              <Table.Td ta="right">{project.people_count}</Table.Td>
              <Table.Td ta="right">{formatHours(project.planned_hours)}</Table.Td>
              <Table.Td ta="right">
                {project.budget_hours === null ? (
                  <Text c="dimmed" span>
                    —
                  </Text>
                ) : (
                  formatHours(project.budget_hours)
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type SortableHeaderProps = {
  sortKey: SortKey;
  label: string;
  filters: ProjectFilters;
  onSort: (key: SortKey) => void;
  numeric: boolean;
};

function SortableHeader({ sortKey, label, filters, onSort, numeric }: SortableHeaderProps) {
  const active = filters.sort === sortKey;
  const Icon = !active ? IconSelector : filters.direction === 'asc' ? IconChevronUp : IconChevronDown;
  const ariaSort = active ? (filters.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <Table.Th aria-sort={ariaSort}>
      <UnstyledButton onClick={() => onSort(sortKey)} w="100%" aria-label={`Sort by ${label.toLowerCase()}`}>
        <Group gap={4} justify={numeric ? 'flex-end' : 'flex-start'} wrap="nowrap">
          <Text fw={600} size="sm">
            {label}
          </Text>
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
