// The form that adds or changes an allocation, in a dialog. Reusable: the page passes the people (and projects when
// the project is not fixed) and the route whose action saves it with saveAllocation().
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useFetcher } from 'react-router';
import { useActionFeedback, type ActionResult } from '../../utils/action-result';
import type { AllocationRow, Person } from './allocation-schema';
import { DateField } from './date-field';

export type AllocationDraft = Partial<
  Pick<
    AllocationRow,
    'id' | 'project_id' | 'user_id' | 'start_date' | 'end_date' | 'hours_per_day' | 'tentative' | 'role' | 'note'
  >
>;

type AllocationFormModalProps = {
  opened: boolean;
  onClose: () => void;
  /** An existing allocation (with id) to change, or the values a new one starts with. */
  allocation?: AllocationDraft;
  people: Person[];
  /** Projects to choose from; leave out when the allocation's project is fixed (allocation.project_id). */
  projects?: { id: string; name: string }[];
  /** The route whose action saves the form. */
  action: string;
};

export function AllocationFormModal({ opened, onClose, allocation, ...rest }: AllocationFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={allocation?.id ? 'Edit allocation' : 'Add allocation'} size="lg">
      {opened ? <AllocationForm allocation={allocation ?? {}} onDone={onClose} {...rest} /> : null}
    </Modal>
  );
}

type AllocationFormProps = Omit<AllocationFormModalProps, 'opened' | 'onClose' | 'allocation'> & {
  allocation: AllocationDraft;
  onDone: () => void;
};

function AllocationForm({ allocation, people, projects, action, onDone }: AllocationFormProps) {
  const fetcher = useFetcher<ActionResult>();
  useActionFeedback(fetcher.data, onDone);
  const errors = fetcher.data?.fieldErrors ?? {};
  const personOptions = people.map((person) => ({
    value: person.id,
    label: person.job_title ? `${person.full_name || 'Unnamed'} · ${person.job_title}` : person.full_name || 'Unnamed',
  }));
  return (
    <fetcher.Form method="post" action={action} noValidate>
      <input type="hidden" name="intent" value="save-allocation" />
      {allocation.id ? <input type="hidden" name="id" value={allocation.id} /> : null}
      {projects ? null : <input type="hidden" name="project_id" value={allocation.project_id ?? ''} />}
      <Stack>
        {projects ? (
          <Select
            label="Project"
            name="project_id"
            data={projects.map((p) => ({ value: p.id, label: p.name }))}
            defaultValue={allocation.project_id}
            searchable
            required
            error={errors.project_id}
          />
        ) : null}
        <Select
          label="Person"
          name="user_id"
          data={personOptions}
          defaultValue={allocation.user_id}
          searchable
          required
          error={errors.user_id}
          nothingFoundMessage="Nobody by that name"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateField
            label="Start date"
            name="start_date"
            defaultValue={allocation.start_date}
            required
            error={errors.start_date}
          />
          <DateField
            label="End date"
            name="end_date"
            defaultValue={allocation.end_date}
            required
            error={errors.end_date}
          />
          <NumberInput
            label="Hours per day"
            name="hours_per_day"
            defaultValue={allocation.hours_per_day === undefined ? 8 : Number(allocation.hours_per_day)}
            min={0}
            max={24}
            step={0.5}
            decimalScale={2}
            required
            error={errors.hours_per_day}
          />
          <TextInput
            label="Role"
            name="role"
            defaultValue={allocation.role ?? ''}
            placeholder="e.g. Designer"
            maxLength={120}
            error={errors.role}
          />
        </SimpleGrid>
        <Checkbox
          name="tentative"
          label="Tentative (pencilled in, not confirmed)"
          defaultChecked={allocation.tentative ?? false}
        />
        <Textarea
          label="Note"
          name="note"
          defaultValue={allocation.note ?? ''}
          autosize
          minRows={2}
          maxRows={6}
          error={errors.note}
        />
        <Group justify="flex-end">
          <Button variant="default" type="button" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={fetcher.state !== 'idle'}>
            {allocation.id ? 'Save allocation' : 'Add allocation'}
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}
