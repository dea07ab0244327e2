// Keyboard use of the planner grid (one tab stop, arrow keys move it): Enter expands a person, opens a bar or
// creates on an empty lane cell; Delete removes a bar; Alt+arrows move a bar, Shift+Alt+arrows change its end.
import type { KeyboardEvent } from 'react';
import type { Allocation, Period } from './planner-data';
import type { PlannerRow } from './planner-layout';
import { barGeometry } from './planner-layout';
import { addDays } from '../../lib/dates';
import type { Zoom } from './planner-periods';

export interface GridFocus {
  row: number;
  col: number;
}

export interface GridActions {
  toggle: (personId: string) => void;
  create: (row: PlannerRow, from: number, to: number) => void;
  edit: (allocation: Allocation) => void;
  remove: (allocation: Allocation) => void;
  changeDates: (allocation: Allocation, start: string, end: string) => void;
}

const STEP_DAYS: Record<Zoom, number> = { day: 1, week: 7, month: 7 };

export function handleGridKey(
  event: KeyboardEvent,
  focus: GridFocus,
  rows: PlannerRow[],
  periods: Period[],
  zoom: Zoom,
  editable: boolean,
  actions: GridActions,
): GridFocus | null {
  const row = rows[focus.row];
  if (!row) return null;
  const lastCol = periods.length - 1;
  const allocation = row.kind === 'lane' ? row.allocation : null;
  const bar = allocation ? barGeometry(periods, allocation, 1) : null;
  const onBar = allocation !== null && bar !== null && focus.col >= bar.firstColumn && focus.col <= bar.lastColumn;

  if (onBar && allocation && editable && event.altKey && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
    const days = (event.key === 'ArrowLeft' ? -1 : 1) * STEP_DAYS[zoom];
    const { start_date: start, end_date: end } = allocation;
    if (event.shiftKey) {
      const moved = addDays(end, days);
      actions.changeDates(allocation, start, moved < start ? start : moved);
    } else {
      actions.changeDates(allocation, addDays(start, days), addDays(end, days));
    }
    return focus;
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
function keepColumn(rows: PlannerRow[], row: number, col: number): GridFocus {
  return { row, col: rows[row]?.kind === 'person' ? col : Math.max(0, col) };
}
