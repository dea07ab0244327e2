// Search, status and client filters and the archived switch above the project list.
import { Group, MultiSelect, Select, Switch, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ProjectFilters } from './project-filters';
import { PROJECT_STATUSES, STATUS_LABELS, type ProjectStatus } from './project-schema';

const STATUS_OPTIONS = PROJECT_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

type ProjectsToolbarProps = {
  filters: ProjectFilters;
  clients: string[];
  onChange: (change: Partial<ProjectFilters>) => void;
};

export function ProjectsToolbar({ filters, clients, onChange }: ProjectsToolbarProps) {
  return (
    <Group align="flex-end" gap="sm" mb="md">
      <TextInput
        label="Search"
        placeholder="Name, code or client"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filters.search}
        onChange={(event) => onChange({ search: event.currentTarget.value })}
        w={260}
      />
      <MultiSelect
        label="Status"
        placeholder={filters.statuses.length ? undefined : 'Any status'}
        data={STATUS_OPTIONS}
        value={filters.statuses}
        onChange={(statuses) => onChange({ statuses: statuses as ProjectStatus[] })}
        clearable
        w={260}
      />
      <Select
        label="Client"
        placeholder="Any client"
        data={clients}
        value={filters.client}
        onChange={(client) => onChange({ client })}
        clearable
        searchable
        nothingFoundMessage="No such client"
        w={200}
      />
      <Switch
        label="Show archived"
        checked={filters.showArchived}
        onChange={(event) => onChange({ showArchived: event.currentTarget.checked })}
        mb={8}
      />
    </Group>
  );
}
