// The planner's controls, compact so the grid starts high on the screen: the heading, range navigation and zoom,
// the save status (in a fixed place, so it never moves the grid), undo, export, the view menu and the shortcuts; then
// the filters (person, job title, project, tentative).
import { ActionIcon, Button, Group, Menu, SegmentedControl, Select, Switch, Text, TextInput } from '@mantine/core';
import {
  IconArrowBackUp,
  IconChevronLeft,
  IconChevronRight,
  IconDownload,
  IconKeyboard,
  IconLayoutRows,
  IconSearch,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/dates';
import { DeferredMenu } from '../../ui/deferred-menu';
import { DeferredTooltip } from '../../ui/deferred-tooltip';
import type { Zoom } from './planner-periods';
import type { PlannerView } from './use-planner-view';

export interface Filters {
  search: string;
  jobTitle: string | null;
  projectId: string | null;
}

interface Props {
  heading: ReactNode;
  /** A phone: only the heading and the range navigation (the agenda has its own person choice). */
  phone: boolean;
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
  view: PlannerView;
  onZoom: (zoom: Zoom) => void;
  onMonths: (months: number) => void;
  onShift: (direction: -1 | 0 | 1) => void;
  onIncludeTentative: (value: boolean) => void;
  onFilters: (filters: Filters) => void;
  onUndo: () => void;
  onExport: () => void;
  onView: (change: Partial<PlannerView>) => void;
  onExpandAll: (expanded: boolean) => void;
  onShortcuts: () => void;
}

const RANGES = [
  { value: '1', label: '1 month' },
  { value: '3', label: '3 months' },
  { value: '6', label: '6 months' },
  { value: '12', label: '1 year' },
];

export function PlannerToolbar(props: Props) {
  const { filters, onFilters, view } = props;
  return (
    <div>
      <Group mb={8} gap="xs" wrap={props.phone ? 'wrap' : 'nowrap'}>
        {props.heading}
        {/* Earlier, Today and Later stay together when a phone puts them under the heading. */}
        <Group gap="xs" wrap="nowrap">
          <DeferredTooltip label="Earlier">
            <ActionIcon variant="default" size="lg" aria-label="Earlier" onClick={() => props.onShift(-1)}>
              <IconChevronLeft size={18} />
            </ActionIcon>
          </DeferredTooltip>
          <Button variant="default" onClick={() => props.onShift(0)}>
            Today
          </Button>
          <DeferredTooltip label="Later">
            <ActionIcon variant="default" size="lg" aria-label="Later" onClick={() => props.onShift(1)}>
              <IconChevronRight size={18} />
            </ActionIcon>
          </DeferredTooltip>
        </Group>
        <Text size="sm" fw={500} data-testid="planner-range" style={{ whiteSpace: 'nowrap' }} visibleFrom="sm">
          {formatDate(props.from)} – {formatDate(props.to)}
        </Text>
        {/* Takes the room left over and never wraps, so a change of status never moves the grid. */}
        <Text
          size="xs"
          c="dimmed"
          role="status"
          aria-live="polite"
          ta="right"
          truncate
          style={{ flex: 1, minWidth: 0 }}
        >
          {props.status}
        </Text>
        {props.phone ? null : (
          <>
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
              w={124}
              data={RANGES}
              value={String(props.months)}
              onChange={(value) => value && props.onMonths(Number(value))}
              allowDeselect={false}
            />
          </>
        )}
      </Group>
      {props.phone ? null : (
        <Group justify="space-between" mb={8} gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <TextInput
              aria-label="Person"
              placeholder="Search people"
              leftSection={<IconSearch size={16} />}
              value={filters.search}
              onChange={(event) => onFilters({ ...filters, search: event.currentTarget.value })}
              w={170}
            />
            <Select
              aria-label="Job title"
              placeholder="All job titles"
              data={props.jobTitles}
              value={filters.jobTitle}
              onChange={(jobTitle) => onFilters({ ...filters, jobTitle })}
              clearable
              searchable
              w={160}
            />
            <Select
              aria-label="Project"
              placeholder="All projects"
              data={props.projects}
              value={filters.projectId}
              onChange={(projectId) => onFilters({ ...filters, projectId })}
              clearable
              searchable
              w={180}
            />
            <Switch
              label="Include tentative"
              checked={props.includeTentative}
              onChange={(event) => props.onIncludeTentative(event.currentTarget.checked)}
            />
          </Group>
          <Group gap="xs" wrap="nowrap">
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
            <DeferredMenu
              position="bottom-end"
              closeOnItemClick={false}
              target={
                <Button variant="default" leftSection={<IconLayoutRows size={16} />}>
                  View
                </Button>
              }
            >
              <Menu.Dropdown>
                <Menu.Item onClick={() => props.onView({ rows: view.rows === 'projects' ? 'people' : 'projects' })}>
                  {view.rows === 'projects' ? 'People as rows' : 'Projects as rows'}
                </Menu.Item>
                <Menu.Divider />
                <Menu.Item onClick={() => props.onExpandAll(true)}>Expand all</Menu.Item>
                <Menu.Item onClick={() => props.onExpandAll(false)}>Collapse all</Menu.Item>
                <Menu.Divider />
                <Menu.Item onClick={() => props.onView({ compact: !view.compact })}>
                  {view.compact ? "Hide bars in each person's row" : "Show bars in each person's row"}
                </Menu.Item>
              </Menu.Dropdown>
            </DeferredMenu>
            <DeferredTooltip label="Keyboard shortcuts (?)">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Keyboard shortcuts"
                aria-keyshortcuts="Shift+?"
                onClick={props.onShortcuts}
              >
                <IconKeyboard size={18} />
              </ActionIcon>
            </DeferredTooltip>
          </Group>
        </Group>
      )}
    </div>
  );
}
