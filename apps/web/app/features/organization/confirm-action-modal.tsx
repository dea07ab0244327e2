// Asks before an action that cannot simply be undone; on confirmation posts the intent and fields to the page's
// action, closes, and reports the answer in the popup.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { useActionFeedback, type ActionResult } from '../../lib/action-result';

type ConfirmActionModalProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  message: string;
  confirmLabel: string;
  intent: string;
  fields: Record<string, string>;
};

export function ConfirmActionModal({
  opened,
  onClose,
  title,
  message,
  confirmLabel,
  intent,
  fields,
}: ConfirmActionModalProps) {
  const fetcher = useFetcher<ActionResult>();
  useActionFeedback(fetcher.data);
  // Whatever the answer, the question is settled: the popup says how it went.
  useEffect(() => {
    if (fetcher.data) onClose();
    // Only a new answer closes the dialog; a changed callback does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data]);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Text>{message}</Text>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" type="button" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red" type="submit" loading={fetcher.state !== 'idle'}>
            {confirmLabel}
          </Button>
        </Group>
      </fetcher.Form>
    </Modal>
  );
}
