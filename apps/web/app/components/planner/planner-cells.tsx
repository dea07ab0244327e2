// What the grid's rows are made of: the column header, the name cell of each row, and a person's utilization cell.
import { ActionIcon, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { VirtualItem } from '@tanstack/react-virtual';
import classes from './planner.module.css';
import { NAME_WIDTH, type PlannerRow } from '../../utils/planner-layout';
import {
  cellState,
  describeCell,
  formatHours,
  formatPercent,
  personName,
  type Cell,
  type Period,
  type Project,
} from '../../utils/planner-data';
import { isWeekend, periodLabels, periodName, type Zoom } from '../../utils/planner-dates';

export function ColumnHeaders({
  columns,
  periods,
  zoom,
  columnWidth,
  today,
}: {
  columns: VirtualItem[];
  periods: Period[];
  zoom: Zoom;
  columnWidth: number;
  today: string;
}) {
  return columns.map((column) => {
    const period = periods[column.index];
    const labels = periodLabels(period.start, zoom);
    const current = period.start <= today && today <= period.end;
    return (
      <div
        key={column.key}
        role="columnheader"
        aria-label={periodName(period.start, period.end, zoom)}
        className={classes.columnHeader}
        data-today={current || undefined}
        style={{ left: column.start, width: columnWidth }}
      >
        <span className={classes.small}>{labels.sub}</span>
        <span>{labels.main}</span>
      </div>
    );
  });
}

export function NameCell({
  row,
  expanded,
  project,
  focused,
  onFocus,
  onToggle,
}: {
  row: PlannerRow;
  expanded: boolean;
  project?: Project;
  focused: boolean;
  onFocus: () => void;
  onToggle: () => void;
}) {
  if (row.kind !== 'person') {
    const text =
      row.kind === 'lane'
        ? `${project?.name ?? 'Unknown project'}${row.allocation.role ? ` · ${row.allocation.role}` : ''}`
        : 'Drag here to add an allocation';
    return (
      <div role="rowheader" className={classes.name} style={{ width: NAME_WIDTH }}>
        <Text size="xs" c="dimmed" truncate="end">
          {text}
        </Text>
      </div>
    );
  }
  const name = personName(row.person);
  return (
    <div
      role="rowheader"
      className={`${classes.name} ${classes.focusable}`}
      tabIndex={focused ? 0 : -1}
      data-focus-key={`${row.key}|-1`}
      aria-expanded={expanded}
      aria-label={`${name}${row.person.job_title ? `, ${row.person.job_title}` : ''}, ${row.allocationCount} allocations; press Enter to ${expanded ? 'collapse' : 'expand'}`}
      onFocus={onFocus}
      onClick={onToggle}
      style={{ width: NAME_WIDTH, cursor: 'pointer' }}
    >
      <ActionIcon variant="subtle" size="sm" tabIndex={-1} aria-hidden component="span">
        {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
      </ActionIcon>
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate="end">
          {name}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {row.person.job_title || 'No job title'} · {formatHours(row.person.weekly_capacity_hours)}h/week
        </Text>
      </div>
    </div>
  );
}

export function UtilizationCell({
  cell,
  period,
  zoom,
  name,
  left,
  width,
  focusKey,
  focused,
  onFocus,
}: {
  cell: Cell | undefined;
  period: Period;
  zoom: Zoom;
  name: string;
  left: number;
  width: number;
  focusKey: string;
  focused: boolean;
  onFocus: () => void;
}) {
  const figures: Cell = cell ?? [0, 0, 0, 0, null];
  const state = cellState(figures);
  const [capacity, allocated, , daysOff, utilization] = figures;
  const fullyAway = daysOff > 0 && capacity === 0;
  return (
    <div
      role="gridcell"
      className={`${classes.cell} ${classes.focusable}`}
      data-state={state}
      data-time-off={daysOff > 0 || undefined}
      data-weekend={(zoom === 'day' && isWeekend(period.start)) || undefined}
      data-focus-key={focusKey}
      tabIndex={focused ? 0 : -1}
      aria-label={describeCell(figures, periodName(period.start, period.end, zoom), name)}
      title={describeCell(figures, periodName(period.start, period.end, zoom), name)}
      style={{ left, width }}
      onFocus={onFocus}
    >
      {fullyAway ? 'Off' : utilization === null ? (allocated > 0 ? 'Over' : '') : formatPercent(utilization)}
      {zoom !== 'day' && !fullyAway && state !== 'off' && (
        <span className={classes.small}>
          {formatHours(allocated)}/{formatHours(capacity)}h{daysOff > 0 ? ` · ${daysOff}d off` : ''}
        </span>
      )}
    </div>
  );
}
