// The planner's project view: projects × time for the same period and filters as the people view. Each cell says
// how many people work on the project then (their names on hover and to screen readers); opening a project shows
// one row per person with their bars on it, which open the allocation like the people view's bars.
import { UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import classes from './project-plan.module.css';
import type { Allocation, Period } from './planner-data';
import { formatHours, personName } from './planner-data';
import { barGeometry, COLUMN_WIDTH } from './planner-layout';
import { periodLabels, periodName, type Zoom } from './planner-periods';
import type { ProjectPlanRow } from './project-rows';
import { barColors } from '../../lib/colors';
import { formatRange } from '../../lib/dates';
import { countOf } from '../../lib/plural';
import { EditingBadge, editingOutline, useLiveEditing } from '../live/live-editing';
import { editingSentence } from '../live/editors';

interface Props {
  rows: ProjectPlanRow[];
  periods: Period[];
  zoom: Zoom;
  isExpanded: (key: string) => boolean;
  onToggle: (key: string) => void;
  onOpen: (allocation: Allocation) => void;
}

export const projectRowKey = (projectId: string) => `project:${projectId}`;

export function ProjectPlan({ rows, periods, zoom, isExpanded, onToggle, onOpen }: Props) {
  const columnWidth = COLUMN_WIDTH[zoom];
  const width = periods.length * columnWidth;
  const live = useLiveEditing();
  if (rows.length === 0) {
    return <p className={classes.empty}>No project has work in this period for the people shown.</p>;
  }
  return (
    <div className={classes.scroller}>
      <table className={classes.table} style={{ width: width + 240 }} aria-label="Projects by period">
        <thead>
          <tr>
            <th scope="col" className={classes.name}>
              Project
            </th>
            {periods.map((period) => {
              const labels = periodLabels(period.start, zoom);
              return (
                <th key={period.start} scope="col" className={classes.period} style={{ width: columnWidth }}>
                  <span className={classes.sub}>{labels.sub}</span>
                  {labels.main}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const key = projectRowKey(row.project.id);
            const open = isExpanded(key);
            return [
              <tr key={key} data-project={row.project.id} className={classes.projectRow}>
                <th scope="row" className={classes.name}>
                  <UnstyledButton className={classes.toggle} aria-expanded={open} onClick={() => onToggle(key)}>
                    {open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
                    <span className={classes.swatch} style={{ background: row.project.color }} aria-hidden />
                    <span className={classes.projectName}>{row.project.name}</span>
                    <span className={classes.count}>{countOf(row.members.length, 'person', 'people')}</span>
                  </UnstyledButton>
                </th>
                {row.people.map((names, index) => (
                  <td
                    key={periods[index].start}
                    className={classes.cell}
                    data-busy={names.length > 0 || undefined}
                    title={names.length > 0 ? names.join(', ') : undefined}
                  >
                    {names.length > 0 ? (
                      <>
                        <span aria-hidden>{names.length}</span>
                        <span className={classes.visuallyHidden}>
                          {periodName(periods[index].start, periods[index].end, zoom)}:{' '}
                          {countOf(names.length, 'person', 'people')}, {names.join(', ')}
                        </span>
                      </>
                    ) : null}
                  </td>
                ))}
              </tr>,
              ...(open
                ? row.members.map(({ person, allocations }) => (
                    <tr key={`${key}:${person.id}`} data-member={person.id} className={classes.memberRow}>
                      <th scope="row" className={classes.name}>
                        <span className={classes.memberName}>{personName(person)}</span>
                      </th>
                      <td colSpan={periods.length} className={classes.lane}>
                        <div className={classes.laneInner} style={{ width }}>
                          {allocations.map((allocation) => {
                            const bar = barGeometry(periods, allocation, columnWidth);
                            const dates = formatRange(allocation.start_date, allocation.end_date);
                            const editors = live.editorsOf(allocation.id);
                            const outline = editingOutline(editors);
                            return (
                              <button
                                key={allocation.id}
                                type="button"
                                data-bar={allocation.id}
                                className={`${classes.bar} ${outline.className}`}
                                data-tentative={allocation.tentative || undefined}
                                data-editing={outline['data-editing']}
                                style={{
                                  left: bar.left,
                                  width: bar.width,
                                  ...barColors(row.project.color),
                                  ...outline.style,
                                }}
                                onClick={() => onOpen(allocation)}
                                aria-label={`${personName(person)} on ${row.project.name}, ${formatHours(allocation.hours_per_day)} hours per day, ${dates}${allocation.tentative ? ', tentative' : ''}${editors.length ? `, ${editingSentence(editors)}` : ''}`}
                              >
                                <EditingBadge editors={editors} />
                                {formatHours(allocation.hours_per_day)}h/day · {dates}
                              </button>
                            );
                          })}
                        </div>
                      </td>
                    </tr>
                  ))
                : []),
            ];
          })}
        </tbody>
      </table>
    </div>
  );
}
