// The planner's dialog to create or edit one allocation, with delete behind a confirmation when editing. Checks the
// fields with the server's own rules before the planner saves them optimistically.
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { AllocationFields } from './use-allocation-changes';
import { AllocationFormFields } from '../allocations/allocation-fields';
import { useAllocationWarnings } from '../allocations/use-allocation-warnings';
import { AllocationFormButtons, AllocationModal } from '../allocations/allocation-modal';
import { toFormValues, type AllocationFormValues } from '../allocations/allocation-draft';
import { checkAllocation } from '../allocations/allocation-schema';
import type { FieldErrors } from '../../lib/action-result';
import type { Project } from './planner-data';
import { EditingNotice } from '../live/live-editing';

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

const ARCHIVED = ['completed', 'cancelled'];

export function AllocationDialog({ state, projects, onClose, onSave, onDelete }: Props) {
  return (
    <AllocationModal opened={state !== null} editing={state?.mode === 'edit'} onClose={onClose}>
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
    </AllocationModal>
  );
}

function AllocationForm({ state, projects, onClose, onSave, onDelete }: Props & { state: DialogState }) {
  const [values, setValues] = useState<AllocationFormValues>(() => toFormValues(state.values));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const warnings = useAllocationWarnings(values, state.id, state.personName);
  // Archived projects are offered only when the allocation already belongs to one.
  const choices = projects
    .filter((p) => !ARCHIVED.includes(p.status) || p.id === state.values.project_id)
    .map((p) => ({ value: p.id, label: p.name }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAllocation(values);
    if (checked.ok) onSave(state, checked.row);
    else setErrors(checked.errors);
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
      <EditingNotice allocationId={state.id} />
      <AllocationFormFields
        values={values}
        onChange={(change) => setValues((previous) => ({ ...previous, ...change }))}
        errors={errors}
        projects={choices}
        personName={state.personName}
        warnings={warnings}
      />
      <AllocationFormButtons
        editing={state.mode === 'edit'}
        onCancel={onClose}
        onDelete={state.mode === 'edit' ? () => setConfirmingDelete(true) : undefined}
      />
    </form>
  );
}
