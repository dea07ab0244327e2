// The project list: one row per project with its status, client, dates, people and planned hours; sortable headers.
// Only the rows near the screen are in the page (the others are spacer height), so 300 projects open as fast as
// twenty, on the server and in the browser.
import { StackedTableScroll } from '../../ui/stacked-table-scroll';
import stacked from '../../ui/stacked-table.module.css';
import { Anchor, ColorSwatch, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatRange } from '../../lib/dates';
import type { ProjectFilters, SortKey } from './project-filters';
import { type ProjectListItem } from './project-schema';
import { StatusBadge } from './status-badge';
import { formatHours } from '../../lib/hours';

type ProjectsTableProps = {
  projects: ProjectListItem[];
  filters: ProjectFilters;
  onSort: (key: SortKey) => void;
};

/** A row with a code under the name; rows are measured as they show. */
const ROW_ESTIMATE = 61;
/** What the server renders, and the browser before it has measured the window: a first screen of rows. */
const FIRST_SCREEN = { width: 1280, height: 900 };

export function ProjectsTable({ projects, filters, onSort }: ProjectsTableProps) {
  const body = useRef<HTMLTableSectionElement>(null);
  const [bodyTop, setBodyTop] = useState(0);
  useLayoutEffect(() => {
    if (body.current) setBodyTop(body.current.getBoundingClientRect().top + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: projects.length,
    estimateSize: () => ROW_ESTIMATE,
    getItemKey: (index) => projects[index].id,
    overscan: 6,
    scrollMargin: bodyTop,
    initialRect: FIRST_SCREEN,
    initialOffset: 0,
  });
  const rows = virtualizer.getVirtualItems();
  const above = rows.length > 0 ? rows[0].start - bodyTop : 0;
  const below = rows.length > 0 ? virtualizer.getTotalSize() - (rows[rows.length - 1].end - bodyTop) : 0;

  const header = (key: SortKey, label: string, width: string, numeric = false) => (
    <SortableHeader sortKey={key} label={label} width={width} filters={filters} onSort={onSort} numeric={numeric} />
  );
  return (
    <StackedTableScroll minWidth={860}>
      <Table
        className={stacked.table}
        highlightOnHover
        verticalSpacing="sm"
        layout="fixed"
        aria-label="Projects"
        aria-rowcount={projects.length + 1}
      >
        <Table.Thead>
          <Table.Tr>
            {header('name', 'Project', '26%')}
            {header('client', 'Client', '18%')}
            {header('status', 'Status', '11%')}
            {header('start_date', 'Dates', '19%')}
            {header('people_count', 'People', '8%', true)}
            {header('planned_hours', 'Planned', '9%', true)}
            <Table.Th ta="right" w="9%">
              Budget
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody ref={body}>
          {above > 0 ? <tr aria-hidden style={{ height: above }} /> : null}
          {rows.map((row) => (
            <ProjectRow
              key={row.key}
              project={projects[row.index]}
              index={row.index}
              measure={virtualizer.measureElement}
            />
          ))}
          {below > 0 ? <tr aria-hidden style={{ height: below }} /> : null}
        </Table.Tbody>
      </Table>
    </StackedTableScroll>
  );
}

function ProjectRow({
  project,
  index,
  measure,
}: {
  project: ProjectListItem;
  index: number;
  measure: (element: HTMLTableRowElement | null) => void;
}) {
  return (
    <Table.Tr ref={measure} data-index={index} aria-rowindex={index + 2}>
      <Table.Td data-label="Project">
        <Group gap="sm" wrap="nowrap">
          <ColorSwatch color={project.color} size={14} aria-hidden />
          <div style={{ minWidth: 0 }}>
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
      <Table.Td data-label="Client">
        {project.client ?? (
          <Text c="dimmed" span>
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td data-label="Status">
        <StatusBadge status={project.status} />
      </Table.Td>
      <Table.Td data-label="Dates">
        <Text size="sm">{formatRange(project.start_date, project.end_date)}</Text>
      </Table.Td>
      <Table.Td ta="right" data-label="People">
        {project.people_count}
      </Table.Td>
      <Table.Td ta="right" data-label="Planned">
        {formatHours(project.planned_hours)}
      </Table.Td>
      <Table.Td ta="right" data-label="Budget">
        {project.budget_hours === null ? (
          <Text c="dimmed" span>
            —
          </Text>
        ) : (
          formatHours(project.budget_hours)
        )}
      </Table.Td>
    </Table.Tr>
  );
}

type SortableHeaderProps = {
  sortKey: SortKey;
  label: string;
  width: string;
  filters: ProjectFilters;
  onSort: (key: SortKey) => void;
  numeric: boolean;
};

function SortableHeader({ sortKey, label, width, filters, onSort, numeric }: SortableHeaderProps) {
  const active = filters.sort === sortKey;
  const Icon = !active ? IconSelector : filters.direction === 'asc' ? IconChevronUp : IconChevronDown;
  const ariaSort = active ? (filters.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <Table.Th aria-sort={ariaSort} w={width}>
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
