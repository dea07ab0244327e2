// Creating or changing an allocation through a route action: the shared fields posted to the route, which checks
// them with saveAllocation() and answers with a popup and the fields to look at again. A change is sent with the
// version the form was opened with; when someone else saved first, the form stays as typed and the person chooses
// between keeping theirs and saving their own over it.
import { useRef, useState } from 'react';
import { useAllocationWarnings } from './use-allocation-warnings';
import { useAvailability } from './use-availability';
import { personChoices } from './person-availability';
import { useFetcher } from 'react-router';
import { ConflictDialog } from './conflict-dialog';
import type { AllocationActionResult, Names } from './allocation-conflict';
import { EditingNotice } from '../live/live-editing';
import { useActionFeedback } from '../../ui/use-action-feedback';
import { AllocationFormFields } from './allocation-fields';
import { AllocationFormButtons, AllocationModal } from './allocation-modal';
import { type Person } from './allocation-row';
import { toFormValues, type AllocationDraft, type AllocationFormValues } from './allocation-draft';

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
  /** Names of the projects and people an allocation may hold, for showing what someone else changed. */
  names: Names;
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

function AllocationForm({ allocation, people, projects, projectName, action, names, onDone }: AllocationFormProps) {
  const fetcher = useFetcher<AllocationActionResult>();
  useActionFeedback(fetcher.data, onDone);
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<AllocationFormValues>(() => toFormValues(allocation));
  // Someone else saved first: the answer says so, and the form stays as typed until the person has chosen.
  const conflict = fetcher.data?.conflict ?? null;
  const keepMine = () => {
    if (!form.current || !conflict) return;
    const data = new FormData(form.current);
    data.set('updated_at', conflict.theirs.updated_at);
    void fetcher.submit(data, { method: 'post', action });
  };
  const chosen = people.find((person) => person.id === values.user_id);
  const warnings = useAllocationWarnings(values, allocation.id, chosen?.full_name || undefined);
  const availability = useAvailability(values.start_date, values.end_date);
  return (
    <fetcher.Form ref={form} method="post" action={action} noValidate>
      <input type="hidden" name="intent" value="save-allocation" />
      {allocation.id ? <input type="hidden" name="id" value={allocation.id} /> : null}
      {allocation.updated_at ? <input type="hidden" name="updated_at" value={allocation.updated_at} /> : null}
      {projects ? null : <input type="hidden" name="project_id" value={values.project_id} />}
      <EditingNotice allocationId={allocation.id} />
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
      <ConflictDialog
        conflict={conflict}
        mine={values}
        names={names}
        saving={fetcher.state !== 'idle'}
        onKeepMine={keepMine}
        onTakeTheirs={onDone}
      />
    </fetcher.Form>
  );
}
