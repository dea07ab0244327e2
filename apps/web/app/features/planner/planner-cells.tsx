// What the grid's rows are made of: the column header, the name cell of each row, and a person's utilization cell.
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { VirtualItem } from '@tanstack/react-virtual';
import { memo } from 'react';
import classes from './planner.module.css';
import { NAME_WIDTH, type PlannerRow } from './planner-layout';
import {
  cellState,
  describeCell,
  formatHours,
  formatPercent,
  personName,
  type Cell,
  type Period,
  type Project,
} from './planner-data';
import { isWeekend } from '../../lib/dates';
import { periodLabels, periodName, type Zoom } from './planner-periods';
import { CELL_DETAILS_ID } from './cell-details';
import { PersonAvatar } from '../../ui/person-avatar';

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
    // The month (or year) once, where it starts and on the first column: every column repeating it cut it short.
    const previous = periods[column.index - 1];
    const firstOfGroup = !previous || periodLabels(previous.start, zoom).sub !== labels.sub;
    return (
      <div
        key={column.key}
        role="columnheader"
        aria-colindex={column.index + 2}
        className={classes.columnHeader}
        data-today={current || undefined}
        data-group-start={firstOfGroup || undefined}
        style={{ left: column.start, width: columnWidth }}
      >
        <span className={classes.groupLabel} aria-hidden>
          {firstOfGroup ? labels.sub : ''}
        </span>
        <span aria-hidden>{labels.main}</span>
        <span className={classes.visuallyHidden}>{periodName(period.start, period.end, zoom)}</span>
      </div>
    );
  });
}

/** Memoized: while the grid scrolls across periods, the name column stays as it is. Plain elements rather than
 * Mantine components: a row coming into view while scrolling must render within a frame. */
export const NameCell = memo(function NameCell({
  row,
  index,
  expanded,
  project,
  focused,
  onFocusCell,
}: {
  row: PlannerRow;
  index: number;
  expanded: boolean;
  project?: Project;
  focused: boolean;
  onFocusCell: (row: number, col: number) => void;
}) {
  if (row.kind !== 'person') {
    const text =
      row.kind === 'lane'
        ? `${project?.name ?? 'Unknown project'}${row.allocation.role ? ` · ${row.allocation.role}` : ''}`
        : 'Drag here to add an allocation';
    return (
      <div role="rowheader" className={classes.name} style={{ width: NAME_WIDTH }}>
        <div className={classes.nameMeta}>{text}</div>
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
      aria-colindex={1}
      onFocus={() => onFocusCell(index, -1)}
      data-toggle-person={row.person.id}
      style={{ width: NAME_WIDTH, cursor: 'pointer' }}
    >
      <span className={classes.toggle} aria-hidden>
        {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
      </span>
      <PersonAvatar userId={row.person.id} name={name} size={28} color="blue" />
      <div style={{ minWidth: 0 }}>
        <div className={classes.personName}>{name}</div>
        <div className={classes.nameMeta}>
          {row.person.job_title || 'No job title'} · {formatHours(row.person.weekly_capacity_hours)}h/week
        </div>
        <span className={classes.visuallyHidden}>
          , {row.allocationCount} {row.allocationCount === 1 ? 'allocation' : 'allocations'}
        </span>
      </div>
    </div>
  );
});

/**
 * Memoized: while the grid scrolls across periods, only the cells coming into view are rendered. Its spoken name
 * starts with what it shows (the percentage and hours), then says whose and which period it is, in words.
 */
export const UtilizationCell = memo(function UtilizationCell({
  cell,
  period,
  zoom,
  name,
  personId,
  left,
  width,
  focusKey,
  focused,
  rowIndex,
  colIndex,
  onFocusCell,
}: {
  cell: Cell | undefined;
  period: Period;
  zoom: Zoom;
  name: string;
  personId: string;
  left: number;
  width: number;
  focusKey: string;
  focused: boolean;
  rowIndex: number;
  colIndex: number;
  onFocusCell: (row: number, col: number) => void;
}) {
  const figures: Cell = cell ?? [0, 0, 0, 0, null];
  const state = cellState(figures);
  const [capacity, allocated, , daysOff, utilization] = figures;
  const fullyAway = daysOff > 0 && capacity === 0;
  const headline = fullyAway
    ? 'Off'
    : utilization === null
      ? allocated > 0
        ? 'Over'
        : ''
      : formatPercent(utilization);
  const hours =
    zoom !== 'day' && !fullyAway && state !== 'off'
      ? `${formatHours(allocated)}/${formatHours(capacity)}h${daysOff > 0 ? ` · ${daysOff}d off` : ''}`
      : null;
  return (
    <div
      role="gridcell"
      aria-colindex={colIndex + 2}
      aria-describedby={focused ? CELL_DETAILS_ID : undefined}
      className={`${classes.cell} ${classes.focusable}`}
      data-state={state}
      data-time-off={daysOff > 0 || undefined}
      data-weekend={(zoom === 'day' && isWeekend(period.start)) || undefined}
      data-cell-person={personId}
      data-col={colIndex}
      data-focus-key={focusKey}
      tabIndex={focused ? 0 : -1}
      style={{ left, width }}
      onFocus={() => onFocusCell(rowIndex, colIndex)}
    >
      {headline}
      {hours ? <span className={classes.small}> {hours}</span> : null}
      <span className={classes.visuallyHidden}>
        , {describeCell(figures, periodName(period.start, period.end, zoom), name)}
      </span>
    </div>
  );
});
