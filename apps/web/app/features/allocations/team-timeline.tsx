// The team's weeks at a glance: one row per allocation, one column per week, filled where the person is booked.
import { Box, Group, Paper, Text, Tooltip } from '@mantine/core';
import {
  formatRange,
  formatShortDate,
  overlaps,
  startOfWeek,
  todayIso,
  weeksBetween,
  type Week,
} from '../../lib/dates';
import { type AllocationRow } from './allocation-row';
import { cloneElement, useState, type CSSProperties, type ReactElement } from 'react';
import classes from './team-timeline.module.css';
import { formatHours } from '../../lib/hours';
import { textColorOn } from '../../lib/colors';
import { EditingBadge, editingOutline, useLiveEditing } from '../live/live-editing';

const MAX_WEEKS = 26;

type TeamTimelineProps = {
  allocations: AllocationRow[];
  /** The bars' color when an allocation has no project embedded (the project page knows its own). */
  color: string;
  weekStart?: number;
  /** Show the project's name on each bar instead of the person's (for a person's own timeline). */
  labelBy?: 'person' | 'project';
  /** The weeks to show; by default those the allocations span. */
  weeks?: Week[];
};

/** The weeks shown: from the first allocation's week to the last one's, at most half a year. */
export function timelineWeeks(allocations: AllocationRow[], weekStart = 1): Week[] {
  if (allocations.length === 0) return [];
  const first = allocations.reduce((min, a) => (a.start_date < min ? a.start_date : min), allocations[0].start_date);
  const last = allocations.reduce((max, a) => (a.end_date > max ? a.end_date : max), allocations[0].end_date);
  return weeksBetween(first, last, weekStart, MAX_WEEKS);
}

export function TeamTimeline({ allocations, color, weekStart = 1, labelBy = 'person', ...props }: TeamTimelineProps) {
  const weeks = props.weeks ?? timelineWeeks(allocations, weekStart);
  const thisWeek = startOfWeek(todayIso(), weekStart);
  const live = useLiveEditing();
  const columns = `minmax(160px, 220px) repeat(${weeks.length}, minmax(56px, 1fr))`;
  return (
    <Paper withBorder>
      <div className={classes.scroller}>
        <Box className={classes.grid} style={{ gridTemplateColumns: columns }} role="table" aria-label="Team timeline">
          <div role="row" className={classes.row}>
            <div role="columnheader" className={classes.header}>
              {labelBy === 'person' ? 'Person' : 'Project'}
            </div>
            {weeks.map((week) => (
              <div
                key={week.start}
                role="columnheader"
                className={classes.header}
                data-current={week.start === thisWeek || undefined}
              >
                {formatShortDate(week.start)}
              </div>
            ))}
          </div>
          {allocations.map((allocation) => {
            const label =
              labelBy === 'person' ? allocation.profiles?.full_name || 'Unnamed' : (allocation.projects?.name ?? '');
            const barColor = (labelBy === 'project' && allocation.projects?.color) || color;
            const editors = live.editorsOf(allocation.id);
            const outline = editingOutline(editors, 'inset');
            return (
              <div role="row" key={allocation.id} className={classes.row}>
                <div
                  role="rowheader"
                  className={`${classes.label} ${outline.className}`}
                  data-editing={outline['data-editing']}
                  style={outline.style}
                >
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" truncate fw={500}>
                      {label}
                    </Text>
                    <EditingBadge editors={editors} />
                  </Group>
                  <Text size="xs" c="dimmed" truncate>
                    {allocation.role ? `${allocation.role} · ` : ''}
                    {formatHours(allocation.hours_per_day, 'h/day')}
                  </Text>
                </div>
                {weeks.map((week) => (
                  <WeekCell
                    key={week.start}
                    week={week}
                    allocation={allocation}
                    color={barColor}
                    current={week.start === thisWeek}
                  />
                ))}
              </div>
            );
          })}
        </Box>
      </div>
      <Group gap="md" p="xs" className={classes.legend}>
        <Text size="xs" c="dimmed">
          Filled: booked that week · striped: tentative · shaded column: this week
        </Text>
      </Group>
    </Paper>
  );
}

function WeekCell({
  week,
  allocation,
  color,
  current,
}: {
  week: Week;
  allocation: AllocationRow;
  color: string;
  current: boolean;
}) {
  const booked = overlaps(week, { start: allocation.start_date, end: allocation.end_date });
  if (!booked) return <div role="cell" className={classes.cell} data-current={current || undefined} />;
  const title = `${formatRange(allocation.start_date, allocation.end_date)} · ${formatHours(allocation.hours_per_day, 'h/day')}${allocation.tentative ? ' · tentative' : ''}`;
  return (
    <CellTooltip label={title}>
      <div
        role="cell"
        className={classes.cell}
        data-current={current || undefined}
        aria-label={`Week of ${formatShortDate(week.start)}: ${title}`}
      >
        <div
          className={classes.bar}
          data-tentative={allocation.tentative || undefined}
          style={{ '--bar-color': color, '--bar-text': textColorOn(color) } as CSSProperties}
        >
          {Number(allocation.hours_per_day)}
        </div>
      </div>
    </CellTooltip>
  );
}

/**
 * A booked week's tooltip, made the first time the pointer comes over the cell. Every tooltip made with the page
 * sets state as it mounts (its anchor, its portal), so dozens of them drew themselves again in the task that
 * finishes hydrating the page, a long one on a phone. Made, it replaces the cell under the pointer (cells take no
 * focus, so none is lost) and opens at once; the pointer opens and closes it from then on.
 */
function CellTooltip({ label, children }: { label: string; children: ReactElement<PointerHandlers> }) {
  const [hovered, setHovered] = useState<boolean>();
  const cell = cloneElement(children, {
    onPointerEnter: () => setHovered(true),
    onPointerLeave: () => setHovered(false),
  });
  if (hovered === undefined) return cell;
  return (
    <Tooltip label={label} opened={hovered} withinPortal>
      {cell}
    </Tooltip>
  );
}

type PointerHandlers = { onPointerEnter?: () => void; onPointerLeave?: () => void };
