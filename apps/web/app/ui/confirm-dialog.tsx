// Asks before deleting; on "Delete", posts the intent (and id) to the route's action and reports the answer.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useFetcher } from 'react-router';
import { useActionFeedback, type ActionResult } from '../lib/action-result';

type ConfirmDeleteModalProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  message: string;
  action: string;
  intent: string;
  id?: string;
};

export function ConfirmDeleteModal({ opened, onClose, title, message, action, intent, id }: ConfirmDeleteModalProps) {
  const fetcher = useFetcher<ActionResult>();
  useActionFeedback(fetcher.data, onClose);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Text>{message}</Text>
      <fetcher.Form method="post" action={action}>
        <input type="hidden" name="intent" value={intent} />
        {id ? <input type="hidden" name="id" value={id} /> : null}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" type="button" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red" type="submit" loading={fetcher.state !== 'idle'}>
            Delete
          </Button>
        </Group>
      </fetcher.Form>
    </Modal>
  );
}
