// The form that creates or changes a project, in a dialog; the route's action validates and saves it.
import {
  Autocomplete,
  Button,
  ColorInput,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useFetcher } from 'react-router';
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
};

export function ProjectFormModal({ opened, onClose, project, clients, action }: ProjectFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={project ? 'Edit project' : 'New project'} size="lg">
      {/* A fresh form each time it opens: no leftovers from an earlier attempt. */}
      {opened ? <ProjectForm project={project} clients={clients} action={action} onSaved={onClose} /> : null}
    </Modal>
  );
}

function ProjectForm({
  project,
  clients,
  action,
  onSaved,
}: Omit<ProjectFormModalProps, 'opened' | 'onClose'> & { onSaved: () => void }) {
  const fetcher = useFetcher<ActionResult>();
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
            defaultValue={project?.start_date}
            error={errors.start_date}
          />
          <DateField label="End date" name="end_date" defaultValue={project?.end_date} error={errors.end_date} />
          <DecimalInput
            label="Budget (hours)"
            name="budget_hours"
            defaultValue={project?.budget_hours ?? ''}
            min={0}
            error={errors.budget_hours}
            description="Optional"
          />
        </SimpleGrid>
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
