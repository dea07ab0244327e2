// The form that creates or changes a project, in a dialog; the route's action validates and saves it.
import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  ColorInput,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { GuardedModal } from '../../ui/guarded-modal';
import { allocationsOutside, type DatedAllocation } from './allocations-outside';
import { countOf } from '../../lib/plural';
import { type ActionResult } from '../../lib/action-result';
import { useActionFeedback } from '../../ui/use-action-feedback';
import { DateField } from '../../ui/date-field';
import { DEFAULT_PROJECT_COLOR, PROJECT_STATUSES, STATUS_LABELS, type ProjectSummary } from './project-schema';
import { DecimalInput } from '../../ui/decimal-input';

const STATUS_OPTIONS = PROJECT_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));
const SWATCHES = ['#2f9e44', '#1971c2', '#e8590c', '#9c36b5', '#c2255c', '#0c8599', '#f08c00', '#495057'];

type ProjectFormModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The project to change; none for a new one. */
  project?: ProjectSummary;
  /** Clients already in use, offered while typing. */
  clients: string[];
  /** The route whose action saves it. */
  action: string;
  /** The project's allocations, to say which new dates would leave some outside. */
  allocations?: DatedAllocation[];
};

export function ProjectFormModal({ opened, onClose, project, clients, action, allocations }: ProjectFormModalProps) {
  return (
    <GuardedModal opened={opened} onClose={onClose} title={project ? 'Edit project' : 'New project'} size="lg">
      {/* A fresh form each time it opens: no leftovers from an earlier attempt. */}
      {opened ? (
        <ProjectForm project={project} clients={clients} action={action} allocations={allocations} onSaved={onClose} />
      ) : null}
    </GuardedModal>
  );
}

function ProjectForm({
  project,
  clients,
  action,
  allocations = [],
  onSaved,
}: Omit<ProjectFormModalProps, 'opened' | 'onClose'> & { onSaved: () => void }) {
  const fetcher = useFetcher<ActionResult>();
  const [dates, setDates] = useState({ start: project?.start_date ?? '', end: project?.end_date ?? '' });
  const outside = allocationsOutside(allocations, dates.start, dates.end);
  useActionFeedback(fetcher.data, onSaved);
  const errors = fetcher.data?.fieldErrors ?? {};
  const intent = project ? 'update-project' : 'create-project';
  return (
    <fetcher.Form method="post" action={action} noValidate>
      <input type="hidden" name="intent" value={intent} />
      <Stack>
        <TextInput
          label="Name"
          name="name"
          defaultValue={project?.name}
          error={errors.name}
          required
          data-autofocus
          maxLength={120}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Code"
            name="code"
            defaultValue={project?.code ?? ''}
            error={errors.code}
            description="Optional short unique code, e.g. APOLLO-1"
          />
          <Autocomplete
            label="Client"
            name="client"
            defaultValue={project?.client ?? ''}
            data={clients}
            error={errors.client}
            description="Optional"
          />
          <Select
            label="Status"
            name="status"
            data={STATUS_OPTIONS}
            defaultValue={project?.status ?? 'planned'}
            allowDeselect={false}
            error={errors.status}
            required
          />
          <ColorInput
            label="Color"
            name="color"
            defaultValue={project?.color ?? DEFAULT_PROJECT_COLOR}
            swatches={SWATCHES}
            error={errors.color}
            format="hex"
          />
          <DateField
            label="Start date"
            name="start_date"
            value={dates.start}
            onChange={(start) => setDates((now) => ({ ...now, start }))}
            error={errors.start_date}
          />
          <DateField
            label="End date"
            name="end_date"
            value={dates.end}
            onChange={(end) => setDates((now) => ({ ...now, end }))}
            error={errors.end_date}
          />
          <DecimalInput
            label="Budget (hours)"
            name="budget_hours"
            defaultValue={project?.budget_hours ?? ''}
            min={0}
            error={errors.budget_hours}
            description="Optional"
          />
        </SimpleGrid>
        <OutsideDatesOffer partly={outside.partly.length} wholly={outside.wholly.length} />
        <Textarea
          label="Description"
          name="description"
          defaultValue={project?.description ?? ''}
          autosize
          minRows={3}
          maxRows={10}
          error={errors.description}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onSaved} type="button">
            Cancel
          </Button>
          <Button type="submit" loading={fetcher.state !== 'idle'}>
            {project ? 'Save project' : 'Create project'}
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}

/** New dates that leave allocations outside: how many, and the offer to cut those that can be cut back. */
function OutsideDatesOffer({ partly, wholly }: { partly: number; wholly: number }) {
  if (partly + wholly === 0) return null;
  return (
    <Alert color="yellow" variant="light" title="Allocations outside these dates" data-testid="outside-dates-offer">
      {countOf(partly + wholly, 'allocation')} of this project {partly + wholly === 1 ? 'falls' : 'fall'} outside these
      dates{wholly > 0 ? ` (${wholly} wholly, which stay as they are)` : ''}.
      {partly > 0 ? (
        <Checkbox
          mt="xs"
          name="clip_allocations"
          defaultChecked
          label={`Cut ${partly === 1 ? 'the allocation' : `the ${partly} allocations`} reaching outside back to the new dates`}
        />
      ) : null}
    </Alert>
  );
}
