// One row of the planner grid: a person with their utilization cells, or a lane with its allocation bar or the
// empty lane to add one. Memoized, and given only props that stay the same while the grid scrolls, so a scroll
// renders the rows that come into view and leaves the others alone.
import { memo, type PointerEvent } from 'react';
import type { VirtualItem } from '@tanstack/react-virtual';
import { AllocationBar } from './allocation-bar';
import { NameCell, UtilizationCell } from './planner-cells';
import classes from './planner.module.css';
import type { GridActions } from './use-grid-keyboard';
import { personName, type Period, type Project } from './planner-data';
import { periodName, type Zoom } from './planner-periods';
import {
  barGeometry,
  MINI_BAR_HEIGHT,
  NAME_WIDTH,
  PERSON_ROW_HEIGHT,
  pixelsPerDay,
  timeOffGaps,
  type PlannerRow,
  type Stack,
} from './planner-layout';
import { NO_PROJECT_COLOR } from '../../lib/colors';

export interface Selection {
  row: number;
  from: number;
  to: number;
}

/** Dragging across empty lane cells to create an allocation; the grid keeps the selection. */
export interface LanePointer {
  down: (rowIndex: number, event: PointerEvent<HTMLDivElement>) => void;
  move: (event: PointerEvent<HTMLDivElement>) => void;
  up: () => void;
}

interface Props {
  row: PlannerRow;
  index: number;
  top: number;
  height: number;
  width: number;
  columns: VirtualItem[];
  periods: Period[];
  zoom: Zoom;
  columnWidth: number;
  projectsById: Map<string, Project>;
  expanded: boolean;
  /** The focused column when the focus is in this row (-1 for the name), else null. */
  focusedCol: number | null;
  selection: Selection | null;
  editable: boolean;
  actions: GridActions;
  onFocusCell: (row: number, col: number) => void;
  pointer: LanePointer;
}

export const PlannerGridRow = memo(function PlannerGridRow(props: Props) {
  const { row, index, columns, periods, zoom, columnWidth, projectsById, focusedCol, selection, editable, actions } =
    props;
  const project = row.kind === 'lane' ? projectsById.get(row.allocation.project_id) : undefined;
  const isPerson = row.kind === 'person';
  const name = personName(row.person);
  const bar = row.kind === 'lane' ? barGeometry(periods, row.allocation, columnWidth) : null;
  const barFocused =
    focusedCol !== null && bar !== null && focusedCol >= bar.firstColumn && focusedCol <= bar.lastColumn;
  const firstColumn = columns[0]?.index ?? 0;
  const lastColumn = columns[columns.length - 1]?.index ?? -1;

  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-kind={row.kind}
      data-person={row.person.id}
      data-stacked={(row.kind === 'person' && row.stack !== null) || undefined}
      className={classes.row}
      style={{ top: props.top, height: props.height, width: props.width }}
      onPointerDown={isPerson ? undefined : (event) => props.pointer.down(index, event)}
      onPointerMove={isPerson ? undefined : props.pointer.move}
      onPointerUp={isPerson ? undefined : props.pointer.up}
    >
      <NameCell
        row={row}
        index={index}
        expanded={props.expanded}
        project={project}
        focused={focusedCol === -1}
        onFocusCell={props.onFocusCell}
      />
      {columns.map((column) => {
        const period = periods[column.index];
        const focusKey = `${row.key}|${column.index}`;
        const focused = focusedCol === column.index && !barFocused;
        if (isPerson) {
          return (
            <UtilizationCell
              key={column.key}
              cell={row.person.cells[column.index]}
              period={period}
              zoom={zoom}
              name={name}
              personId={row.person.id}
              left={column.start}
              width={columnWidth}
              focusKey={focusKey}
              focused={focused}
              rowIndex={index}
              colIndex={column.index}
              onFocusCell={props.onFocusCell}
            />
          );
        }
        const selected =
          selection !== null &&
          column.index >= Math.min(selection.from, selection.to) &&
          column.index <= Math.max(selection.from, selection.to);
        return (
          <div
            key={column.key}
            role="gridcell"
            aria-colindex={column.index + 2}
            className={`${classes.cell} ${classes.laneCell} ${classes.focusable}`}
            data-focus-key={focusKey}
            data-selected={selected || undefined}
            tabIndex={focused ? 0 : -1}
            aria-label={`${name}, ${periodName(period.start, period.end, zoom)}${editable ? ': press Enter to add an allocation' : ''}`}
            style={{ left: column.start, width: columnWidth }}
            onFocus={() => props.onFocusCell(index, column.index)}
          />
        );
      })}
      {row.kind === 'person' && row.stack ? (
        <StackedBars stack={row.stack} periods={periods} columnWidth={columnWidth} projectsById={projectsById} />
      ) : null}
      {row.kind === 'lane' && bar && bar.lastColumn >= firstColumn && bar.firstColumn <= lastColumn && (
        <AllocationBar
          allocation={row.allocation}
          project={project}
          personName={row.person.full_name}
          left={NAME_WIDTH + bar.left}
          width={bar.width}
          gaps={timeOffGaps(periods, row.allocation, row.person.time_off, columnWidth)}
          pixelsPerDay={pixelsPerDay(periods, bar.firstColumn, columnWidth)}
          focused={barFocused}
          editable={editable}
          colIndex={bar.firstColumn + 2}
          onFocus={() => {
            if (!barFocused) props.onFocusCell(index, Math.max(bar.firstColumn, firstColumn));
          }}
          onKeyDown={() => undefined}
          onOpen={() => actions.edit(row.allocation)}
          onChangeDates={(start, end) => actions.changeDates(row.allocation, start, end)}
        />
      )}
    </div>
  );
});

/** Compact mode: each of the person's bars, thin and in its project's color, stacked at the bottom of their row. */
function StackedBars({
  stack,
  periods,
  columnWidth,
  projectsById,
}: {
  stack: Stack;
  periods: Period[];
  columnWidth: number;
  projectsById: Map<string, Project>;
}) {
  return (
    <div
      className={classes.stack}
      style={{ left: NAME_WIDTH, top: PERSON_ROW_HEIGHT, height: stack.levels * MINI_BAR_HEIGHT }}
      data-stack
      aria-hidden
    >
      {stack.bars.map(({ allocation, level }) => {
        const geometry = barGeometry(periods, allocation, columnWidth);
        return (
          <span
            key={allocation.id}
            className={classes.miniBar}
            data-tentative={allocation.tentative || undefined}
            style={{
              left: geometry.left,
              width: geometry.width,
              top: level * MINI_BAR_HEIGHT,
              backgroundColor: projectsById.get(allocation.project_id)?.color ?? NO_PROJECT_COLOR,
            }}
          />
        );
      })}
    </div>
  );
}
