// Creating or changing an allocation through a route action: the shared fields posted to the route, which checks
// them with saveAllocation() and answers with a popup and the fields to look at again.
import { useState } from 'react';
import { useAllocationWarnings } from './use-allocation-warnings';
import { useAvailability } from './use-availability';
import { personChoices } from './person-availability';
import { useFetcher } from 'react-router';
import { type ActionResult } from '../../lib/action-result';
import { useActionFeedback } from '../../ui/use-action-feedback';
import { AllocationFormFields } from './allocation-fields';
import { AllocationFormButtons, AllocationModal } from './allocation-modal';
import { toFormValues, type AllocationDraft, type AllocationFormValues, type Person } from './allocation-schema';

type AllocationFormModalProps = {
  opened: boolean;
  onClose: () => void;
  allocation?: AllocationDraft;
  people: Person[];
  /** Projects to choose from; leave out when the allocation's project is fixed (allocation.project_id). */
  projects?: { id: string; name: string }[];
  /** The fixed project's name, shown instead of the choice. */
  projectName?: string;
  /** The route whose action saves the form. */
  action: string;
};

export function AllocationFormModal({ opened, onClose, allocation, ...rest }: AllocationFormModalProps) {
  return (
    <AllocationModal opened={opened} editing={Boolean(allocation?.id)} onClose={onClose}>
      {opened ? <AllocationForm allocation={allocation ?? {}} onDone={onClose} {...rest} /> : null}
    </AllocationModal>
  );
}

type AllocationFormProps = Omit<AllocationFormModalProps, 'opened' | 'onClose' | 'allocation'> & {
  allocation: AllocationDraft;
  onDone: () => void;
};

function AllocationForm({ allocation, people, projects, projectName, action, onDone }: AllocationFormProps) {
  const fetcher = useFetcher<ActionResult>();
  useActionFeedback(fetcher.data, onDone);
  const [values, setValues] = useState<AllocationFormValues>(() => toFormValues(allocation));
  const chosen = people.find((person) => person.id === values.user_id);
  const warnings = useAllocationWarnings(values, allocation.id, chosen?.full_name || undefined);
  const availability = useAvailability(values.start_date, values.end_date);
  return (
    <fetcher.Form method="post" action={action} noValidate>
      <input type="hidden" name="intent" value="save-allocation" />
      {allocation.id ? <input type="hidden" name="id" value={allocation.id} /> : null}
      {projects ? null : <input type="hidden" name="project_id" value={values.project_id} />}
      <AllocationFormFields
        values={values}
        onChange={(change) => setValues((previous) => ({ ...previous, ...change }))}
        errors={fetcher.data?.fieldErrors ?? {}}
        projects={projects?.map((project) => ({ value: project.id, label: project.name }))}
        projectName={projectName}
        people={personChoices(people, availability)}
        warnings={warnings}
      />
      <AllocationFormButtons editing={Boolean(allocation.id)} saving={fetcher.state !== 'idle'} onCancel={onDone} />
    </fetcher.Form>
  );
}
