// The planner on a phone: one person at a time, day by day, with their figures and the work planned on each day;
// tap a piece of work to change it, or add one on a day.
import { Badge, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { formatDate, formatRange, formatWeekday } from '../../lib/dates';
import { formatHours } from '../../lib/hours';
import {
  cellState,
  formatPercent,
  personName,
  type Allocation,
  type Period,
  type Person,
  type Project,
} from './planner-data';
import classes from './planner.module.css';
import { EditingBadge, editingOutline, useLiveEditing } from '../live/live-editing';

interface Props {
  people: Person[];
  personId: string | null;
  onPerson: (personId: string) => void;
  periods: Period[];
  allocationsByPerson: Map<string, Allocation[]>;
  projectsById: Map<string, Project>;
  editable: boolean;
  onEdit: (allocation: Allocation) => void;
  onAdd: (person: Person, period: Period) => void;
}

const STATE_COLORS = { free: 'gray', partly: 'blue', full: 'green', over: 'red', off: 'gray' } as const;

export function PlannerAgenda({
  people,
  personId,
  onPerson,
  periods,
  allocationsByPerson,
  projectsById,
  ...props
}: Props) {
  const live = useLiveEditing();
  const person = people.find((candidate) => candidate.id === personId) ?? people[0];
  if (!person) return null;
  const work = allocationsByPerson.get(person.id) ?? [];
  return (
    <Stack gap="sm">
      <Select
        label="Person"
        data={people.map((candidate) => ({ value: candidate.id, label: personName(candidate) }))}
        value={person.id}
        onChange={(value) => value && onPerson(value)}
        searchable
        allowDeselect={false}
      />
      {periods.map((period, index) => {
        const cell = person.cells[index] ?? [0, 0, 0, 0, null];
        const [capacity, allocated, , daysOff, utilization] = cell;
        const state = cellState(cell);
        const today = work.filter(
          (allocation) => allocation.start_date <= period.end && allocation.end_date >= period.start,
        );
        return (
          <Card key={period.start} withBorder padding="sm" data-testid="agenda-day">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700}>
                {formatWeekday(period.start)} {formatDate(period.start)}
              </Text>
              <Badge color={STATE_COLORS[state]} variant={state === 'over' ? 'filled' : 'light'} tt="none">
                {capacity === 0 && allocated === 0
                  ? daysOff > 0
                    ? 'Off'
                    : 'Not a work day'
                  : `${formatHours(allocated)} of ${formatHours(capacity)} · ${formatPercent(utilization)}`}
              </Badge>
            </Group>
            <Stack gap={6} mt={today.length > 0 ? 'xs' : 0}>
              {today.map((allocation) => {
                const project = projectsById.get(allocation.project_id);
                const editors = live.editorsOf(allocation.id);
                const outline = editingOutline(editors);
                return (
                  <Button
                    key={allocation.id}
                    variant="default"
                    justify="flex-start"
                    fullWidth
                    className={`${classes.agendaItem} ${outline.className}`}
                    data-editing={outline['data-editing']}
                    style={outline.style}
                    leftSection={<span className={classes.swatch} style={{ background: project?.color }} />}
                    rightSection={<EditingBadge editors={editors} />}
                    onClick={() => props.onEdit(allocation)}
                  >
                    {project?.name ?? 'Unknown project'} · {formatHours(allocation.hours_per_day, 'h/day')}
                    {allocation.tentative ? ' · tentative' : ''}
                    <Text span size="xs" c="dimmed" ml={6}>
                      {formatRange(allocation.start_date, allocation.end_date)}
                    </Text>
                  </Button>
                );
              })}
              {props.editable && capacity > 0 ? (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => props.onAdd(person, period)}
                  aria-label={`Add an allocation for ${personName(person)} on ${formatDate(period.start)}`}
                  w="fit-content"
                >
                  Add
                </Button>
              ) : null}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
