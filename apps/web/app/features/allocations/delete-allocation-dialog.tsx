// Deleting an allocation through a route action, only as it was when the page loaded it: when someone else changed
// it since, the dialog says who and what, and asks again ("Delete anyway?") before deleting their version.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useFetcher } from 'react-router';
import { useActionFeedback } from '../../ui/use-action-feedback';
import type { AllocationActionResult, Names } from './allocation-conflict';
import type { AllocationRow } from './allocation-row';
import { DeleteAfterChangeMessage } from './conflict-dialog';

interface Props {
  allocation: AllocationRow | null;
  onClose: () => void;
  /** The route whose action deletes it (intent `delete-allocation`). */
  action: string;
  names: Names;
}

export function DeleteAllocationDialog({ allocation, onClose, action, names }: Props) {
  return (
    <Modal opened={allocation !== null} onClose={onClose} title="Delete allocation" centered>
      {allocation ? (
        <DeleteForm key={allocation.id} allocation={allocation} onClose={onClose} action={action} names={names} />
      ) : null}
    </Modal>
  );
}

function DeleteForm({ allocation, onClose, action, names }: Props & { allocation: AllocationRow }) {
  const fetcher = useFetcher<AllocationActionResult>();
  useActionFeedback(fetcher.data, onClose);
  // Asked again once someone else's change came first: the deletion is then of their version.
  const conflict = fetcher.data?.conflict ?? null;
  const version = conflict ? conflict.theirs.updated_at : allocation.updated_at;
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name="intent" value="delete-allocation" />
      <input type="hidden" name="id" value={allocation.id} />
      {version ? <input type="hidden" name="updated_at" value={version} /> : null}
      {conflict ? (
        <DeleteAfterChangeMessage conflict={conflict} seen={allocation} names={names} />
      ) : (
        <Text>Delete the allocation of {allocation.profiles?.full_name || 'this person'}? This cannot be undone.</Text>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" type="button" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button color="red" type="submit" loading={fetcher.state !== 'idle'}>
          {conflict ? 'Delete anyway' : 'Delete'}
        </Button>
      </Group>
    </fetcher.Form>
  );
}
