// The details of one utilization cell, shown while the pointer is over it or it holds the focus: the period's figures
// as the database computed them, the allocations that fall in it (project, hours per day, dates) and the days off.
import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react';
import { useState } from 'react';
import { formatRange } from '../../lib/dates';
import { formatHours } from '../../lib/hours';
import {
  cellState,
  formatPercent,
  personName,
  STATE_WORDS,
  type Allocation,
  type Period,
  type Project,
} from './planner-data';
import type { PlannerRow } from './planner-layout';
import { periodName, type Zoom } from './planner-periods';
import classes from './planner.module.css';

export interface CellPointer {
  personId: string;
  col: number;
  element: HTMLElement;
}

export const CELL_DETAILS_ID = 'planner-cell-details';

interface Props {
  pointed: CellPointer | null;
  periods: Period[];
  zoom: Zoom;
  rows: PlannerRow[];
  allocationsByPerson: Map<string, Allocation[]>;
  projectsById: Map<string, Project>;
}

export function CellDetails({ pointed, periods, zoom, rows, allocationsByPerson, projectsById }: Props) {
  const [floating, setFloating] = useState<HTMLElement | null>(null);
  const { floatingStyles } = useFloating({
    open: pointed !== null,
    elements: { reference: pointed?.element ?? null, floating },
    placement: 'bottom',
    strategy: 'fixed',
    middleware: [offset(6), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const row = pointed
    ? rows.find((candidate) => candidate.kind === 'person' && candidate.person.id === pointed.personId)
    : undefined;
  const period = pointed ? periods[pointed.col] : undefined;
  if (!pointed || !row || !period) return null;
  const cell = row.person.cells[pointed.col] ?? [0, 0, 0, 0, null];
  const [capacity, allocated, tentative, daysOff, utilization] = cell;
  const state = cellState(cell);
  const work = (allocationsByPerson.get(pointed.personId) ?? []).filter(
    (allocation) => allocation.start_date <= period.end && allocation.end_date >= period.start,
  );
  return (
    <div ref={setFloating} id={CELL_DETAILS_ID} role="tooltip" className={classes.details} style={floatingStyles}>
      <div className={classes.detailsTitle}>
        {personName(row.person)} · {periodName(period.start, period.end, zoom)}
      </div>
      <div>
        {formatHours(allocated)} of {formatHours(capacity)} · {formatPercent(utilization)}, {STATE_WORDS[state]}
        {tentative > 0 ? ` (${formatHours(tentative)} tentative)` : ''}
      </div>
      {work.length > 0 ? (
        <ul className={classes.detailsList}>
          {work.map((allocation) => (
            <li key={allocation.id}>
              <span className={classes.swatch} style={{ background: projectsById.get(allocation.project_id)?.color }} />
              {projectsById.get(allocation.project_id)?.name ?? 'Unknown project'} ·{' '}
              {formatHours(allocation.hours_per_day, 'h/day')} ·{' '}
              {formatRange(allocation.start_date, allocation.end_date)}
              {allocation.tentative ? ' · tentative' : ''}
            </li>
          ))}
        </ul>
      ) : (
        <div>No work planned.</div>
      )}
      {daysOff > 0 ? <div>{`${daysOff} ${daysOff === 1 ? 'day' : 'days'} off`}</div> : null}
      {state === 'over' ? <div className={classes.detailsHint}>Click to open this row at this period.</div> : null}
    </div>
  );
}
