// The one "are you sure?" dialog: a question, Cancel and a red button that confirms. It either calls back (the
// planner's changes, which save themselves and can be undone) or posts an intent and fields to a route action and
// reports the answer in the popup.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useEffectEvent, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import type { ActionResult } from '../lib/action-result';
import { useActionFeedback } from './use-action-feedback';

type ConfirmDialogBase = {
  opened: boolean;
  onClose: () => void;
  title: string;
  message: ReactNode;
  /** The red button's label; "Delete" unless the action is something else. */
  confirmLabel?: string;
};

type ConfirmDialogProps = ConfirmDialogBase & {
  onConfirm: () => void;
  /** Which button has the focus when the dialog opens: Cancel, unless the keyboard asked for this very action. */
  focus?: 'cancel' | 'confirm';
};

export function ConfirmDialog({ onConfirm, focus = 'cancel', confirmLabel = 'Delete', ...frame }: ConfirmDialogProps) {
  return (
    <ConfirmFrame {...frame}>
      <ConfirmButtons
        onCancel={frame.onClose}
        confirm={
          <Button color="red" onClick={onConfirm} data-autofocus={focus === 'confirm' || undefined}>
            {confirmLabel}
          </Button>
        }
        focusCancel={focus === 'cancel'}
      />
    </ConfirmFrame>
  );
}

type ConfirmFormDialogProps = ConfirmDialogBase & {
  /** The route action to post to; the current route's when absent. */
  action?: string;
  intent: string;
  fields?: Record<string, string | undefined>;
  /**
   * 'succeeded': a refusal keeps the dialog open beneath the popup, to try again. 'answered': whatever the answer,
   * the question is settled and the popup says how it went.
   */
  closeWhen?: 'succeeded' | 'answered';
};

export function ConfirmFormDialog({
  action,
  intent,
  fields = {},
  closeWhen = 'succeeded',
  confirmLabel = 'Delete',
  ...frame
}: ConfirmFormDialogProps) {
  const fetcher = useFetcher<ActionResult>();
  useActionFeedback(fetcher.data, closeWhen === 'succeeded' ? frame.onClose : undefined);
  const close = useEffectEvent(() => frame.onClose());
  useEffect(() => {
    if (closeWhen === 'answered' && fetcher.data) close();
  }, [closeWhen, fetcher.data]);
  return (
    <ConfirmFrame {...frame}>
      <fetcher.Form method="post" action={action}>
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) =>
          value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />,
        )}
        <ConfirmButtons
          onCancel={frame.onClose}
          confirm={
            <Button color="red" type="submit" loading={fetcher.state !== 'idle'}>
              {confirmLabel}
            </Button>
          }
          focusCancel
        />
      </fetcher.Form>
    </ConfirmFrame>
  );
}

function ConfirmFrame({
  opened,
  onClose,
  title,
  message,
  children,
}: Omit<ConfirmDialogBase, 'confirmLabel'> & { children: ReactNode }) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {typeof message === 'string' ? <Text>{message}</Text> : message}
      {children}
    </Modal>
  );
}

function ConfirmButtons({
  onCancel,
  confirm,
  focusCancel,
}: {
  onCancel: () => void;
  confirm: ReactNode;
  focusCancel: boolean;
}) {
  return (
    <Group justify="flex-end" mt="lg">
      <Button variant="default" type="button" onClick={onCancel} data-autofocus={focusCancel || undefined}>
        Cancel
      </Button>
      {confirm}
    </Group>
  );
}
