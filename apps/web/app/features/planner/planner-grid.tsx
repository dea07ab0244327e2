// The planner grid: people (and the lanes of expanded people) by periods, virtualized both ways so only what is
// on screen is in the page, with a sticky header and name column, one keyboard tab stop, drag to create on lanes.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { ColumnHeaders } from './planner-cells';
import { PlannerGridRow, type LanePointer, type Selection } from './planner-grid-row';
import classes from './planner.module.css';
import { handleGridKey, type GridActions, type GridFocus } from './use-grid-keyboard';
import type { Period, Project } from './planner-data';
import { todayIso } from '../../lib/dates';
import type { Zoom } from './planner-periods';
import {
  barGeometry,
  COLUMN_WIDTH,
  HEADER_HEIGHT,
  LANE_HEIGHT,
  NAME_WIDTH,
  PERSON_ROW_HEIGHT,
  type PlannerRow,
} from './planner-layout';
import { markAfterPaint, PLANNER_MARKS } from './planner-marks';

interface Props {
  periods: Period[];
  zoom: Zoom;
  rows: PlannerRow[];
  projectsById: Map<string, Project>;
  expanded: Set<string>;
  editable: boolean;
  actions: GridActions;
}

export function PlannerGrid({ periods, zoom, rows, projectsById, expanded, editable, actions }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const columnWidth = COLUMN_WIDTH[zoom];
  const periodCount = periods.length;
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
  useEffect(() => markAfterPaint(PLANNER_MARKS.gridPainted), []);

  // Keep the focus inside the grid when rows disappear (a filter, a collapse).
  const safeFocus = useMemo(
    () => ({ row: Math.min(focus.row, Math.max(0, rows.length - 1)), col: focus.col }),
    [focus, rows.length],
  );

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

  // Stable handlers, so that rows which stay in view are not rendered again while the grid scrolls.
  const focusCell = useCallback(
    (row: number, col: number) => setFocus((now) => (now.row === row && now.col === col ? now : { row, col })),
    [],
  );
  const latest = useRef({ rows, selection, actions });
  latest.current = { rows, selection, actions };
  const pointer: LanePointer = useMemo(() => {
    const columnAt = (element: HTMLElement, clientX: number) => {
      const index = Math.floor((clientX - element.getBoundingClientRect().left - NAME_WIDTH) / columnWidth);
      return Math.max(0, Math.min(periodCount - 1, index));
    };
    return {
      down: (rowIndex, event) => {
        if (!editable || event.button !== 0 || (event.target as HTMLElement).closest('[data-bar], [role="rowheader"]'))
          return;
        const col = columnAt(event.currentTarget, event.clientX);
        event.currentTarget.setPointerCapture(event.pointerId);
        setSelection({ row: rowIndex, from: col, to: col });
      },
      move: (event) => {
        const current = latest.current.selection;
        if (!current) return;
        const col = columnAt(event.currentTarget, event.clientX);
        if (col !== current.to) setSelection({ ...current, to: col });
      },
      up: () => {
        const { selection: current, rows: shown, actions: act } = latest.current;
        if (!current) return;
        setSelection(null);
        const row = shown[current.row];
        if (row) act.create(row, Math.min(current.from, current.to), Math.max(current.from, current.to));
      },
    };
  }, [editable, columnWidth, periodCount]);

  // A click on a person's name opens or closes their row (Enter does the same through onKeyDown).
  const toggleClickedPerson = (event: MouseEvent) => {
    const person = (event.target as HTMLElement).closest<HTMLElement>('[data-toggle-person]')?.dataset.togglePerson;
    if (person) actions.toggle(person);
  };

  const columns = columnVirtualizer.getVirtualItems();
  const totalWidth = columnVirtualizer.getTotalSize();

  return (
    <div ref={scrollRef} className={classes.scroller} data-testid="planner-grid">
      {/* Keys and clicks are handled once for the whole grid (one tab stop, roving focus), not per cell. */}
      <div
        role="grid"
        tabIndex={-1}
        onKeyDown={onKeyDown}
        onClick={toggleClickedPerson}
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
          return (
            <PlannerGridRow
              key={item.key}
              row={row}
              index={item.index}
              top={item.start}
              height={item.size}
              width={totalWidth}
              columns={columns}
              periods={periods}
              zoom={zoom}
              columnWidth={columnWidth}
              project={row.kind === 'lane' ? projectsById.get(row.allocation.project_id) : undefined}
              expanded={expanded.has(row.person.id)}
              focusedCol={safeFocus.row === item.index ? safeFocus.col : null}
              selection={selection?.row === item.index ? selection : null}
              editable={editable}
              actions={actions}
              onFocusCell={focusCell}
              pointer={pointer}
            />
          );
        })}
      </div>
    </div>
  );
}
