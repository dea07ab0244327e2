// Keyboard use of the planner grid (one tab stop, arrow keys move it): Enter expands a person, opens a bar or
// creates on an empty lane cell; Delete removes a bar; Alt+arrows move a bar, Shift+Alt+arrows change its end. After
// a move the focus stays on the bar, wherever the bar now starts, so repeated presses keep applying to it.
import type { KeyboardEvent } from 'react';
import type { Allocation, Period } from './planner-data';
import { barGeometry, type PlannerRow } from './planner-layout';
import { addDays } from '../../lib/dates';
import type { Zoom } from './planner-periods';

/** Where the grid's one tab stop is: a row by its key (stable while rows are added, removed or re-sorted). */
export interface GridFocus {
  key: string | null;
  /** The row to fall back to when `key` is gone (the person of a deleted lane). */
  fallbackKey?: string;
  col: number;
  /** Changes whenever the page's focus should move to this place (not when a click or Tab put it there). */
  serial: number;
  /**
   * The bar a key just moved or resized: it keeps the page's focus wherever it is drawn, even while the plan on
   * screen has not caught up with the change yet.
   */
  bar?: string;
}

/** A place in the grid by row index, as the keyboard moves through it. */
export interface GridPosition {
  row: number;
  col: number;
}

export interface GridActions {
  toggle: (personId: string) => void;
  create: (row: PlannerRow, from: number, to: number) => void;
  edit: (allocation: Allocation) => void;
  remove: (allocation: Allocation) => void;
  changeDates: (allocation: Allocation, start: string, end: string) => void;
  /** A click on a utilization cell that is over-allocated: that person's row, opened at that period. */
  openAt: (personId: string, col: number) => void;
}

const STEP_DAYS: Record<Zoom, number> = { day: 1, week: 7, month: 7 };

export function handleGridKey(
  event: KeyboardEvent,
  focus: GridPosition,
  rows: PlannerRow[],
  periods: Period[],
  zoom: Zoom,
  editable: boolean,
  actions: GridActions,
): GridPosition | null {
  const row = rows[focus.row];
  if (!row) return null;
  const lastCol = periods.length - 1;
  const allocation = row.kind === 'lane' ? row.allocation : null;
  const bar = allocation ? barGeometry(periods, allocation, 1) : null;
  const onBar = allocation !== null && bar !== null && focus.col >= bar.firstColumn && focus.col <= bar.lastColumn;

  if (
    onBar &&
    allocation &&
    bar &&
    editable &&
    event.altKey &&
    (event.key === 'ArrowLeft' || event.key === 'ArrowRight')
  ) {
    const days = (event.key === 'ArrowLeft' ? -1 : 1) * STEP_DAYS[zoom];
    const { start_date: start, end_date: end } = allocation;
    const moved = event.shiftKey
      ? { start_date: start, end_date: addDays(end, days) < start ? start : addDays(end, days) }
      : { start_date: addDays(start, days), end_date: addDays(end, days) };
    actions.changeDates(allocation, moved.start_date, moved.end_date);
    const next = barGeometry(periods, { ...allocation, ...moved }, 1);
    // A moved bar keeps the focused period's place within it; a shortened one keeps the focus on its end.
    const col = event.shiftKey ? focus.col : next.firstColumn + (focus.col - bar.firstColumn);
    return { row: focus.row, col: Math.max(next.firstColumn, Math.min(next.lastColumn, col)) };
  }
  switch (event.key) {
    case 'ArrowUp':
      return keepColumn(rows, Math.max(0, focus.row - 1), focus.col);
    case 'ArrowDown':
      return keepColumn(rows, Math.min(rows.length - 1, focus.row + 1), focus.col);
    case 'ArrowLeft': {
      const from = onBar && bar ? bar.firstColumn : focus.col;
      return { row: focus.row, col: Math.max(row.kind === 'person' ? -1 : 0, from - 1) };
    }
    case 'ArrowRight': {
      const from = onBar && bar ? bar.lastColumn : focus.col;
      return { row: focus.row, col: Math.min(lastCol, from + 1) };
    }
    case 'Home':
      return { row: event.ctrlKey ? 0 : focus.row, col: row.kind === 'person' ? -1 : 0 };
    case 'End':
      return { row: event.ctrlKey ? rows.length - 1 : focus.row, col: lastCol };
    case 'Enter':
    case ' ':
      if (row.kind === 'person') actions.toggle(row.person.id);
      else if (onBar && allocation) actions.edit(allocation);
      else if (editable && focus.col >= 0) actions.create(row, focus.col, focus.col);
      return focus;
    case 'Delete':
    case 'Backspace':
      if (onBar && allocation && editable) actions.remove(allocation);
      return focus;
    default:
      return null;
  }
}

/** Only a person's row has a focusable name cell; lanes start at their first period. */
function keepColumn(rows: PlannerRow[], row: number, col: number): GridPosition {
  return { row, col: rows[row]?.kind === 'person' ? col : Math.max(0, col) };
}

/** The row index the focus is on: its row, else its fallback row, else the first row; and the column. */
export function resolveFocus(focus: GridFocus, rows: PlannerRow[]): GridPosition {
  let row = focus.key === null ? 0 : rows.findIndex((candidate) => candidate.key === focus.key);
  if (row === -1 && focus.fallbackKey) row = rows.findIndex((candidate) => candidate.key === focus.fallbackKey);
  row = Math.max(0, Math.min(row, rows.length - 1));
  const col = rows[row]?.kind === 'person' ? focus.col : Math.max(0, focus.col);
  return { row, col };
}
