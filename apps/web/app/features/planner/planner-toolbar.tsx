// The planner's controls: range navigation and zoom, filters (person, job title, project, tentative), undo and
// CSV export.
import { ActionIcon, Button, Group, SegmentedControl, Select, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconChevronLeft, IconChevronRight, IconDownload, IconSearch } from '@tabler/icons-react';
import type { Zoom } from './planner-periods';
import { formatDate } from '../../lib/dates';

export interface Filters {
  search: string;
  jobTitle: string | null;
  projectId: string | null;
}

interface Props {
  from: string;
  to: string;
  zoom: Zoom;
  months: number;
  includeTentative: boolean;
  filters: Filters;
  jobTitles: string[];
  projects: { value: string; label: string }[];
  canUndo: boolean;
  status: string;
  onZoom: (zoom: Zoom) => void;
  onMonths: (months: number) => void;
  onShift: (direction: -1 | 0 | 1) => void;
  onIncludeTentative: (value: boolean) => void;
  onFilters: (filters: Filters) => void;
  onUndo: () => void;
  onExport: () => void;
}

const RANGES = [
  { value: '1', label: '1 month' },
  { value: '3', label: '3 months' },
  { value: '6', label: '6 months' },
  { value: '12', label: '1 year' },
];

export function PlannerToolbar(props: Props) {
  const { filters, onFilters } = props;
  return (
    <>
      <Group justify="space-between" mb="sm" gap="sm">
        <Group gap="xs">
          <Tooltip label="Earlier">
            <ActionIcon variant="default" size="lg" aria-label="Earlier" onClick={() => props.onShift(-1)}>
              <IconChevronLeft size={18} />
            </ActionIcon>
          </Tooltip>
          <Button variant="default" onClick={() => props.onShift(0)}>
            Today
          </Button>
          <Tooltip label="Later">
            <ActionIcon variant="default" size="lg" aria-label="Later" onClick={() => props.onShift(1)}>
              <IconChevronRight size={18} />
            </ActionIcon>
          </Tooltip>
          <Text size="sm" fw={500} data-testid="planner-range">
            {formatDate(props.from)} – {formatDate(props.to)}
          </Text>
        </Group>
        <Group gap="xs">
          <SegmentedControl
            aria-label="Zoom"
            value={props.zoom}
            onChange={(value) => props.onZoom(value as Zoom)}
            data={[
              { value: 'day', label: 'Days' },
              { value: 'week', label: 'Weeks' },
              { value: 'month', label: 'Months' },
            ]}
          />
          <Select
            aria-label="Range"
            w={120}
            data={RANGES}
            value={String(props.months)}
            onChange={(value) => value && props.onMonths(Number(value))}
            allowDeselect={false}
          />
        </Group>
      </Group>
      <Group justify="space-between" mb="sm" gap="sm" align="end">
        <Group gap="sm" align="end">
          <TextInput
            label="Person"
            placeholder="Search by name"
            leftSection={<IconSearch size={16} />}
            value={filters.search}
            onChange={(event) => onFilters({ ...filters, search: event.currentTarget.value })}
            w={200}
          />
          <Select
            label="Job title"
            placeholder="All job titles"
            data={props.jobTitles}
            value={filters.jobTitle}
            onChange={(jobTitle) => onFilters({ ...filters, jobTitle })}
            clearable
            searchable
            w={180}
          />
          <Select
            label="Project"
            placeholder="All projects"
            data={props.projects}
            value={filters.projectId}
            onChange={(projectId) => onFilters({ ...filters, projectId })}
            clearable
            searchable
            w={200}
          />
          <Switch
            label="Include tentative"
            checked={props.includeTentative}
            onChange={(event) => props.onIncludeTentative(event.currentTarget.checked)}
            mb={8}
          />
        </Group>
        <Group gap="xs">
          <Text size="xs" c="dimmed" role="status" aria-live="polite">
            {props.status}
          </Text>
          <Button
            variant="default"
            leftSection={<IconArrowBackUp size={16} />}
            onClick={props.onUndo}
            disabled={!props.canUndo}
            aria-keyshortcuts="Control+Z"
          >
            Undo
          </Button>
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={props.onExport}>
            Export CSV
          </Button>
        </Group>
      </Group>
    </>
  );
}
