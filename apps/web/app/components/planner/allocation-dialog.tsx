// The form to create or edit one allocation (project, dates, hours per day, tentative, role, note), with delete
// behind a confirmation when editing. Checks what a person can fix before anything is sent.
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { AllocationFields } from './use-allocation-changes';
import type { Project } from '../../utils/planner-data';
import { isIsoDate } from '../../utils/planner-dates';

export interface DialogState {
  mode: 'create' | 'edit';
  id?: string;
  personName: string;
  values: AllocationFields;
}

interface Props {
  state: DialogState | null;
  projects: Project[];
  onClose: () => void;
  onSave: (state: DialogState, values: AllocationFields) => void;
  onDelete: (id: string) => void;
}

type Errors = Partial<Record<'project_id' | 'start_date' | 'end_date' | 'hours_per_day', string>>;

function validate(values: AllocationFields): Errors {
  const errors: Errors = {};
  if (!values.project_id) errors.project_id = 'Choose a project.';
  if (!isIsoDate(values.start_date)) errors.start_date = 'Enter the first day.';
  if (!isIsoDate(values.end_date)) errors.end_date = 'Enter the last day.';
  else if (isIsoDate(values.start_date) && values.end_date < values.start_date)
    errors.end_date = 'The last day must not be before the first.';
  if (!(values.hours_per_day > 0 && values.hours_per_day <= 24))
    errors.hours_per_day = 'Hours per day must be more than 0 and at most 24.';
  return errors;
}

export function AllocationDialog({ state, projects, onClose, onSave, onDelete }: Props) {
  return (
    <Modal
      opened={state !== null}
      onClose={onClose}
      title={state?.mode === 'edit' ? 'Edit allocation' : 'New allocation'}
      centered
    >
      {state && (
        <AllocationForm
          key={`${state.mode}${state.id ?? ''}`}
          state={state}
          projects={projects}
          onClose={onClose}
          onSave={onSave}
          onDelete={onDelete}
        />
      )}
    </Modal>
  );
}

function AllocationForm({ state, projects, onClose, onSave, onDelete }: Props & { state: DialogState }) {
  const [values, setValues] = useState<AllocationFields>(state.values);
  const [errors, setErrors] = useState<Errors>({});
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const set = <K extends keyof AllocationFields>(key: K, value: AllocationFields[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));
  // Archived projects are offered only when the allocation already belongs to one.
  const choices = projects
    .filter((p) => !['completed', 'cancelled'].includes(p.status) || p.id === state.values.project_id)
    .map((p) => ({ value: p.id, label: p.name }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length === 0) {
      onSave(state, { ...values, role: values.role?.trim() || null, note: values.note?.trim() || null });
    }
  };

  if (confirmingDelete && state.id) {
    return (
      <Stack>
        <Text>Delete this allocation of {state.personName}? You can undo it right after.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmingDelete(false)}>
            Cancel
          </Button>
          <Button color="red" onClick={() => onDelete(state.id!)} data-autofocus>
            Delete
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Person: <strong>{state.personName}</strong>
        </Text>
        {choices.length === 0 && (
          <Alert color="yellow" title="No project to allocate to">
            Create a project first on the{' '}
            <Anchor component={Link} to="/projects">
              Projects
            </Anchor>{' '}
            page.
          </Alert>
        )}
        <Select
          label="Project"
          data={choices}
          value={values.project_id || null}
          onChange={(value) => set('project_id', value ?? '')}
          searchable
          required
          error={errors.project_id}
          data-autofocus
          nothingFoundMessage="No project matches"
        />
        <Group grow>
          <TextInput
            type="date"
            label="First day"
            value={values.start_date}
            onChange={(event) => set('start_date', event.currentTarget.value)}
            required
            error={errors.start_date}
          />
          <TextInput
            type="date"
            label="Last day"
            value={values.end_date}
            onChange={(event) => set('end_date', event.currentTarget.value)}
            required
            error={errors.end_date}
          />
        </Group>
        <NumberInput
          label="Hours per day"
          value={values.hours_per_day}
          onChange={(value) => set('hours_per_day', typeof value === 'number' ? value : Number(value))}
          min={0.25}
          max={24}
          step={0.5}
          decimalScale={2}
          required
          error={errors.hours_per_day}
        />
        <Switch
          label="Tentative (pencilled in, not confirmed)"
          checked={values.tentative}
          onChange={(event) => set('tentative', event.currentTarget.checked)}
        />
        <TextInput
          label="Role"
          value={values.role ?? ''}
          maxLength={120}
          onChange={(event) => set('role', event.currentTarget.value)}
        />
        <Textarea
          label="Note"
          value={values.note ?? ''}
          maxLength={2000}
          autosize
          minRows={2}
          onChange={(event) => set('note', event.currentTarget.value)}
        />
        <Group justify="space-between" mt="sm">
          {state.mode === 'edit' ? (
            <Button color="red" variant="subtle" onClick={() => setConfirmingDelete(true)}>
              Delete
            </Button>
          ) : (
            <span />
          )}
          <Group>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">{state.mode === 'edit' ? 'Save' : 'Create'}</Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
