// The planner grid: people (and the lanes of expanded people) by periods, virtualized both ways so only what is
// on screen is in the page, with a sticky header and name column, one keyboard tab stop, drag to create on lanes.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { AllocationBar } from './allocation-bar';
import { ColumnHeaders, NameCell, UtilizationCell } from './planner-cells';
import classes from './planner.module.css';
import { handleGridKey, type GridActions, type GridFocus } from './use-grid-keyboard';
import type { Period, Project } from '../../utils/planner-data';
import { personName } from '../../utils/planner-data';
import { periodName, today as todayIso, type Zoom } from '../../utils/planner-dates';
import {
  barGeometry,
  COLUMN_WIDTH,
  HEADER_HEIGHT,
  LANE_HEIGHT,
  NAME_WIDTH,
  PERSON_ROW_HEIGHT,
  pixelsPerDay,
  type PlannerRow,
} from '../../utils/planner-layout';

interface Props {
  periods: Period[];
  zoom: Zoom;
  rows: PlannerRow[];
  projectsById: Map<string, Project>;
  expanded: Set<string>;
  editable: boolean;
  actions: GridActions;
}

interface Selection {
  row: number;
  from: number;
  to: number;
}

export function PlannerGrid({ periods, zoom, rows, projectsById, expanded, editable, actions }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const columnWidth = COLUMN_WIDTH[zoom];
  const [focus, setFocus] = useState<GridFocus>({ row: 0, col: -1 });
  const [selection, setSelection] = useState<Selection | null>(null);
  const moveFocusTo = useRef<GridFocus | null>(null);
  const today = todayIso();

  const rowVirtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.kind === 'person' ? PERSON_ROW_HEIGHT : LANE_HEIGHT),
    getItemKey: (index) => rows[index]?.key ?? index,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    overscan: 4,
  });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: periods.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => columnWidth,
    paddingStart: NAME_WIDTH,
    scrollPaddingStart: NAME_WIDTH,
    overscan: 2,
  });
  useEffect(() => rowVirtualizer.measure(), [rows, rowVirtualizer]);

  // Keep the focus inside the grid when rows disappear (a filter, a collapse).
  const safeFocus = { row: Math.min(focus.row, Math.max(0, rows.length - 1)), col: focus.col };

  useEffect(() => {
    const target = moveFocusTo.current;
    if (!target) return;
    moveFocusTo.current = null;
    rowVirtualizer.scrollToIndex(target.row);
    if (target.col >= 0) columnVirtualizer.scrollToIndex(target.col);
    requestAnimationFrame(() => {
      const row = rows[target.row];
      if (!row) return;
      const lane = row.kind === 'lane' ? row : null;
      const bar = lane ? barGeometry(periods, lane.allocation, 1) : null;
      const selector =
        lane && bar && target.col >= bar.firstColumn && target.col <= bar.lastColumn
          ? `[data-bar="${lane.allocation.id}"]`
          : `[data-focus-key="${row.key}|${target.col}"]`;
      scrollRef.current?.querySelector<HTMLElement>(selector)?.focus();
    });
  });

  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (event.target instanceof HTMLInputElement) return;
      const next = handleGridKey(event, safeFocus, rows, periods, zoom, editable, actions);
      if (!next) return;
      event.preventDefault();
      moveFocusTo.current = next;
      setFocus({ ...next });
    },
    [safeFocus, rows, periods, zoom, editable, actions],
  );

  const columnAt = (element: HTMLElement, clientX: number) => {
    const index = Math.floor((clientX - element.getBoundingClientRect().left - NAME_WIDTH) / columnWidth);
    return Math.max(0, Math.min(periods.length - 1, index));
  };
  const startSelecting = (rowIndex: number) => (event: PointerEvent<HTMLDivElement>) => {
    if (!editable || event.button !== 0 || (event.target as HTMLElement).closest('[data-bar], [role="rowheader"]'))
      return;
    const col = columnAt(event.currentTarget, event.clientX);
    event.currentTarget.setPointerCapture(event.pointerId);
    setSelection({ row: rowIndex, from: col, to: col });
  };
  const extendSelection = (event: PointerEvent<HTMLDivElement>) => {
    if (!selection) return;
    const col = columnAt(event.currentTarget, event.clientX);
    if (col !== selection.to) setSelection({ ...selection, to: col });
  };
  const finishSelecting = () => {
    if (!selection) return;
    setSelection(null);
    const row = rows[selection.row];
    if (row) actions.create(row, Math.min(selection.from, selection.to), Math.max(selection.from, selection.to));
  };

  const columns = columnVirtualizer.getVirtualItems();
  const firstColumn = columns[0]?.index ?? 0;
  const lastColumn = columns[columns.length - 1]?.index ?? -1;
  const totalWidth = columnVirtualizer.getTotalSize();
  const focusOn = (row: number, col: number) => () => setFocus({ row, col });

  return (
    <div ref={scrollRef} className={classes.scroller} onKeyDown={onKeyDown} data-testid="planner-grid">
      <div
        role="grid"
        aria-label="Utilization by person and period"
        aria-rowcount={rows.length + 1}
        aria-colcount={periods.length + 1}
        className={classes.canvas}
        style={{ width: totalWidth, height: rowVirtualizer.getTotalSize() }}
      >
        <div role="row" className={classes.header} style={{ width: totalWidth, height: HEADER_HEIGHT }}>
          <div role="columnheader" className={classes.corner} style={{ width: NAME_WIDTH }}>
            Person
          </div>
          <ColumnHeaders columns={columns} periods={periods} zoom={zoom} columnWidth={columnWidth} today={today} />
        </div>
        {rowVirtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          const isPerson = row.kind === 'person';
          const project = row.kind === 'lane' ? projectsById.get(row.allocation.project_id) : undefined;
          const rowSelection = selection?.row === item.index ? selection : null;
          const bar = row.kind === 'lane' ? barGeometry(periods, row.allocation, columnWidth) : null;
          const focusedRow = safeFocus.row === item.index;
          const barFocused =
            focusedRow && bar !== null && safeFocus.col >= bar.firstColumn && safeFocus.col <= bar.lastColumn;
          return (
            <div
              key={item.key}
              role="row"
              aria-rowindex={item.index + 2}
              data-kind={row.kind}
              data-person={row.person.id}
              className={classes.row}
              style={{ top: item.start, height: item.size, width: totalWidth }}
              onPointerDown={isPerson ? undefined : startSelecting(item.index)}
              onPointerMove={isPerson ? undefined : extendSelection}
              onPointerUp={isPerson ? undefined : finishSelecting}
            >
              <NameCell
                row={row}
                expanded={expanded.has(row.person.id)}
                project={project}
                focused={focusedRow && safeFocus.col === -1}
                onFocus={focusOn(item.index, -1)}
                onToggle={() => actions.toggle(row.person.id)}
              />
              {columns.map((column) => {
                const period = periods[column.index];
                const focusKey = `${row.key}|${column.index}`;
                const focused = focusedRow && safeFocus.col === column.index && !barFocused;
                if (isPerson) {
                  return (
                    <UtilizationCell
                      key={column.key}
                      cell={row.person.cells[column.index]}
                      period={period}
                      zoom={zoom}
                      name={personName(row.person)}
                      left={column.start}
                      width={columnWidth}
                      focusKey={focusKey}
                      focused={focused}
                      onFocus={focusOn(item.index, column.index)}
                    />
                  );
                }
                const selected =
                  rowSelection &&
                  column.index >= Math.min(rowSelection.from, rowSelection.to) &&
                  column.index <= Math.max(rowSelection.from, rowSelection.to);
                return (
                  <div
                    key={column.key}
                    role="gridcell"
                    className={`${classes.cell} ${classes.laneCell} ${classes.focusable}`}
                    data-focus-key={focusKey}
                    data-selected={selected || undefined}
                    tabIndex={focused ? 0 : -1}
                    aria-label={`${personName(row.person)}, ${periodName(period.start, period.end, zoom)}${editable ? ': press Enter to add an allocation' : ''}`}
                    style={{ left: column.start, width: columnWidth }}
                    onFocus={focusOn(item.index, column.index)}
                  />
                );
              })}
              {row.kind === 'lane' && bar && bar.lastColumn >= firstColumn && bar.firstColumn <= lastColumn && (
                <AllocationBar
                  allocation={row.allocation}
                  project={project}
                  left={NAME_WIDTH + bar.left}
                  width={bar.width}
                  pixelsPerDay={pixelsPerDay(periods, bar.firstColumn, columnWidth)}
                  focused={barFocused}
                  editable={editable}
                  onFocus={() => {
                    if (!barFocused) setFocus({ row: item.index, col: Math.max(bar.firstColumn, firstColumn) });
                  }}
                  onKeyDown={() => undefined}
                  onOpen={() => actions.edit(row.allocation)}
                  onChangeDates={(start, end) => actions.changeDates(row.allocation, start, end)}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
