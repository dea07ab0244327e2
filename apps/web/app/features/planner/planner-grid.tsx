// The planner grid: people (and the lanes of expanded people) by periods, virtualized both ways so only what is
// on screen is in the page, with a sticky header and name column, one keyboard tab stop, drag to create on lanes.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { ColumnHeaders } from './planner-cells';
import { CellDetails, type CellPointer } from './cell-details';
import { PlannerGridRow, type LanePointer, type Selection } from './planner-grid-row';
import classes from './planner.module.css';
import { handleGridKey, resolveFocus, type GridActions, type GridFocus } from './use-grid-keyboard';
import type { Allocation, Period, Project } from './planner-data';
import { todayIso } from '../../lib/dates';
import type { Zoom } from './planner-periods';
import { barGeometry, COLUMN_WIDTH, HEADER_HEIGHT, NAME_WIDTH, rowHeight, type PlannerRow } from './planner-layout';
import { markAfterPaint, PLANNER_MARKS } from './planner-marks';

interface Props {
  periods: Period[];
  zoom: Zoom;
  rows: PlannerRow[];
  projectsById: Map<string, Project>;
  allocationsByPerson: Map<string, Allocation[]>;
  isExpanded: (personId: string) => boolean;
  editable: boolean;
  actions: GridActions;
  focus: GridFocus;
  onFocus: (focus: GridFocus) => void;
}

export function PlannerGrid(props: Props) {
  const { periods, zoom, rows, projectsById, isExpanded, editable, actions, focus, onFocus } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const columnWidth = COLUMN_WIDTH[zoom];
  const periodCount = periods.length;
  const [selection, setSelection] = useState<Selection | null>(null);
  const [pointed, setPointed] = useState<CellPointer | null>(null);
  const today = todayIso();

  const rowVirtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index] ? rowHeight(rows[index]) : 0),
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

  // The focus by row key, resolved to where that row is now (rows come and go with filters, collapses, deletes).
  const position = useMemo(() => resolveFocus(focus, rows), [focus, rows]);

  // Moves the page's focus when the grid's focus was moved by a key or a request (a delete), not by a click or Tab.
  const movedSerial = useRef(focus.serial);
  useEffect(() => {
    if (movedSerial.current === focus.serial) return;
    movedSerial.current = focus.serial;
    const target = position;
    rowVirtualizer.scrollToIndex(target.row);
    if (target.col >= 0) columnVirtualizer.scrollToIndex(target.col);
    requestAnimationFrame(() => {
      const row = rows[target.row];
      if (!row) return;
      const lane = row.kind === 'lane' ? row : null;
      const bar = lane ? barGeometry(periods, lane.allocation, 1) : null;
      const selector = focus.bar
        ? `[data-bar="${focus.bar}"]`
        : lane && bar && target.col >= bar.firstColumn && target.col <= bar.lastColumn
          ? `[data-bar="${lane.allocation.id}"]`
          : `[data-focus-key="${row.key}|${target.col}"]`;
      scrollRef.current?.querySelector<HTMLElement>(selector)?.focus();
    });
  }, [focus.serial, focus.bar, position, rows, periods, rowVirtualizer, columnVirtualizer]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (event.target instanceof HTMLInputElement) return;
      let movedBar: string | undefined;
      const next = handleGridKey(event, position, rows, periods, zoom, editable, {
        ...actions,
        changeDates: (allocation, start, end) => {
          movedBar = allocation.id;
          actions.changeDates(allocation, start, end);
        },
      });
      if (!next) return;
      event.preventDefault();
      const row = rows[next.row];
      onFocus({
        key: row?.key ?? null,
        fallbackKey: row ? `p:${row.person.id}` : undefined,
        col: next.col,
        serial: focus.serial + 1,
        bar: movedBar,
      });
    },
    [position, rows, periods, zoom, editable, actions, onFocus, focus.serial],
  );

  // Stable handlers, so that rows which stay in view are not rendered again while the grid scrolls.
  const latest = useRef({ rows, selection, actions, focus });
  useEffect(() => {
    latest.current = { rows, selection, actions, focus };
  });
  const focusCell = useCallback(
    (rowIndex: number, col: number) => {
      const { rows: shown, focus: now } = latest.current;
      const row = shown[rowIndex];
      if (!row || (now.key === row.key && now.col === col)) return;
      onFocus({ key: row.key, fallbackKey: `p:${row.person.id}`, col, serial: now.serial });
    },
    [onFocus],
  );
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

  // A click on a person's name opens or closes their row (Enter does the same through onKeyDown); a click on an
  // over-allocated period opens the row there.
  const onClick = (event: MouseEvent) => {
    const target = event.target as HTMLElement;
    const person = target.closest<HTMLElement>('[data-toggle-person]')?.dataset.togglePerson;
    if (person) return actions.toggle(person);
    const over = target.closest<HTMLElement>('[data-state="over"][data-cell-person]');
    if (over) actions.openAt(over.dataset.cellPerson!, Number(over.dataset.col));
  };
  // The details of the utilization cell under the pointer or holding the focus.
  const pointAt = (event: { target: EventTarget | null }) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-cell-person]');
    setPointed((now) => {
      if (!cell) return null;
      const next = { personId: cell.dataset.cellPerson!, col: Number(cell.dataset.col), element: cell };
      return now?.element === cell ? now : next;
    });
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
        onClick={onClick}
        onMouseOver={pointAt}
        onFocus={pointAt}
        onMouseLeave={() => setPointed(null)}
        onBlur={() => setPointed(null)}
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
              projectsById={projectsById}
              expanded={isExpanded(row.person.id)}
              focusedCol={position.row === item.index ? position.col : null}
              selection={selection?.row === item.index ? selection : null}
              editable={editable}
              actions={actions}
              onFocusCell={focusCell}
              pointer={pointer}
            />
          );
        })}
      </div>
      <CellDetails
        pointed={pointed}
        periods={periods}
        zoom={zoom}
        rows={rows}
        allocationsByPerson={props.allocationsByPerson}
        projectsById={projectsById}
      />
    </div>
  );
}
