// One allocation as a bar in its lane: project color and name, hours per day, hatched when tentative. Drag the bar
// to move it, drag an edge to resize it, click it to edit; the dates snap to whole days.
import { autoUpdate, flip, FloatingPortal, offset, shift, useFloating } from '@floating-ui/react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import classes from './planner.module.css';
import type { Allocation, Project } from './planner-data';
import type { Gap } from './planner-layout';
import { formatHours } from './planner-data';
import { addDays, daysBetween, formatDate, formatRange } from '../../lib/dates';
import { barColors, NO_PROJECT_COLOR } from '../../lib/colors';
import { toFormValues } from '../allocations/allocation-draft';
import { useAllocationWarnings } from '../allocations/use-allocation-warnings';
import { EditingBadge, editingOutline, useLiveEditing } from '../live/live-editing';

type DragMode = 'move' | 'start' | 'end';

interface Props {
  allocation: Allocation;
  project: Project | undefined;
  /** Whose bar it is, for the warnings shown while it is dragged. */
  personName?: string;
  left: number;
  width: number;
  /** The person's days off under the bar, drawn as hatched gaps: no work is booked there. */
  gaps?: Gap[];
  pixelsPerDay: number;
  focused: boolean;
  editable: boolean;
  /** The grid column the bar starts in, for assistive technology (aria-colindex). */
  colIndex: number;
  onFocus: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  onOpen: () => void;
  onChangeDates: (start: string, end: string) => void;
}

/** New dates after dragging some whole days, never letting the end pass the start. */
export function draggedDates(allocation: Allocation, mode: DragMode, days: number): [string, string] {
  const { start_date: start, end_date: end } = allocation;
  if (mode === 'move') return [addDays(start, days), addDays(end, days)];
  if (mode === 'start') {
    const moved = addDays(start, days);
    return [moved > end ? end : moved, end];
  }
  const moved = addDays(end, days);
  return [start, moved < start ? start : moved];
}

export function AllocationBar(props: Props) {
  const { allocation, project, pixelsPerDay, editable } = props;
  const drag = useRef<{ mode: DragMode; x: number; moved: boolean } | null>(null);
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [offsetDays, setOffsetDays] = useState<{ mode: DragMode; days: number } | null>(null);
  // Others see what this person drags, and this person sees what others edit.
  const live = useLiveEditing();
  const editors = live.editorsOf(allocation.id);
  const outline = editingOutline(editors);

  const begin = (mode: DragMode, event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    drag.current = { mode, x: event.clientX, moved: false };
    (event.currentTarget.closest('[data-bar]') as HTMLElement).setPointerCapture(event.pointerId);
  };
  const move = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || !editable) return;
    const dx = event.clientX - current.x;
    if (Math.abs(dx) > 4 && !current.moved) {
      current.moved = true;
      live.onDragging(allocation.id);
    }
    if (current.moved) setOffsetDays({ mode: current.mode, days: Math.round(dx / pixelsPerDay) });
  };
  const end = () => {
    const current = drag.current;
    drag.current = null;
    const shift = offsetDays;
    setOffsetDays(null);
    if (!current) return;
    if (current.moved) live.onDragging(null);
    if (!current.moved) return props.onOpen();
    if (shift && shift.days !== 0) {
      const [start, finish] = draggedDates(allocation, shift.mode, shift.days);
      props.onChangeDates(start, finish);
    }
  };

  // While dragging, the bar shows where it will land.
  let { left, width } = props;
  if (offsetDays) {
    const shift = offsetDays.days * pixelsPerDay;
    if (offsetDays.mode === 'move') left += shift;
    else if (offsetDays.mode === 'start') {
      left += Math.min(shift, width - 6);
      width = Math.max(6, width - shift);
    } else width = Math.max(6, width + shift);
  }
  const name = project?.name ?? 'Unknown project';
  const details = `${formatHours(allocation.hours_per_day)} hours per day, ${formatDate(allocation.start_date)} to ${formatDate(allocation.end_date)}${allocation.tentative ? ', tentative' : ''}${allocation.role ? `, ${allocation.role}` : ''}`;
  const landing = offsetDays ? draggedDates(allocation, offsetDays.mode, offsetDays.days) : null;

  return (
    <div
      ref={setElement}
      data-bar={allocation.id}
      role="gridcell"
      aria-colindex={props.colIndex}
      aria-keyshortcuts="Enter Delete Alt+ArrowLeft Alt+ArrowRight Shift+Alt+ArrowLeft Shift+Alt+ArrowRight"
      title={`${name}, ${details}`}
      tabIndex={props.focused ? 0 : -1}
      className={`${classes.bar} ${outline.className}`}
      data-tentative={allocation.tentative || undefined}
      data-dragging={offsetDays ? true : undefined}
      data-editing={outline['data-editing']}
      style={{ left, width, ...barColors(project?.color ?? NO_PROJECT_COLOR), ...outline.style }}
      onPointerDown={editable ? (event) => begin('move', event) : undefined}
      onPointerMove={move}
      onPointerUp={end}
      onPointerCancel={() => {
        if (drag.current?.moved) live.onDragging(null);
        drag.current = null;
        setOffsetDays(null);
      }}
      onClick={editable ? undefined : props.onOpen}
      onFocus={props.onFocus}
      onKeyDown={props.onKeyDown}
    >
      {editable && (
        <span
          className={classes.handle}
          data-edge="start"
          onPointerDown={(event) => begin('start', event)}
          aria-hidden
        />
      )}
      {offsetDays
        ? null
        : (props.gaps ?? []).map((gap) => (
            <span
              key={gap.id}
              className={classes.gap}
              data-whole={gap.whole || undefined}
              data-gap={gap.id}
              style={{ left: gap.left, width: gap.width }}
              title={`Away ${formatRange(gap.start_date, gap.end_date)}`}
              aria-hidden
            />
          ))}
      <EditingBadge editors={editors} />
      <span className={classes.barLabel}>
        {name} · {formatHours(allocation.hours_per_day)}h/day
      </span>
      <span className={classes.visuallyHidden}>
        , {details}
        {awayText(props.gaps)}
      </span>
      {editable && (
        <span className={classes.handle} data-edge="end" onPointerDown={(event) => begin('end', event)} aria-hidden />
      )}
      {landing ? (
        <DragLabel
          reference={element}
          allocation={allocation}
          personName={props.personName}
          start={landing[0]}
          end={landing[1]}
        />
      ) : null}
    </div>
  );
}

/** What the hatched gaps say to someone who cannot see them. */
function awayText(gaps: Gap[] | undefined): string {
  if (!gaps?.length) return '';
  const spans = gaps.map(
    (gap) => `${formatRange(gap.start_date, gap.end_date)}${gap.whole ? '' : ' (part of each day)'}`,
  );
  return `, away ${spans.join(', ')}`;
}

/**
 * While a bar is dragged: where it will land and for how long, following the bar, and what a planner should know
 * before letting go (outside the project's dates, over its budget, time off, no work days) from the same database
 * rules as the allocation form. Warnings only: the drop still saves.
 */
function DragLabel(props: {
  reference: HTMLElement | null;
  allocation: Allocation;
  personName?: string;
  start: string;
  end: string;
}) {
  const { reference, allocation, start, end } = props;
  const [floating, setFloating] = useState<HTMLElement | null>(null);
  const { floatingStyles } = useFloating({
    elements: { reference, floating },
    placement: 'top-start',
    strategy: 'fixed',
    middleware: [offset(6), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const warnings = useAllocationWarnings(
    toFormValues({ ...allocation, start_date: start, end_date: end }),
    allocation.id,
    props.personName,
  );
  const days = daysBetween(start, end) + 1;
  return (
    // In a portal: the dragged bar is see-through, and its label must not be.
    <FloatingPortal>
      <span ref={setFloating} className={classes.dragLabel} style={floatingStyles} role="status">
        {formatRange(start, end)} · {days} {days === 1 ? 'day' : 'days'}
        {warnings.map((warning) => (
          <span key={warning} className={classes.dragWarning}>
            {warning}
          </span>
        ))}
      </span>
    </FloatingPortal>
  );
}
