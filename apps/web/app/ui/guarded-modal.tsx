// A dialog holding a form: once something was typed in it, a stray backdrop click, Escape or the close button asks
// "Discard changes?" instead of throwing the typing away. The form's own Cancel button still closes at once. The
// question takes the dialog's place while it is asked; the form stays mounted underneath, so nothing typed is lost.
import { Button, Group, Modal, Stack, Text, type ModalProps } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';

export function GuardedModal({ opened, onClose, children, ...props }: ModalProps) {
  // Noticed while the keystroke travels down to its field, so it must not re-render anything: a browser runs React's
  // pending updates between an event's capturing and its bubbling, and a render there can put a controlled field
  // back to its old value before the field's own change handler has seen the keystroke, which is then lost.
  const dirty = useRef(false);
  const [asking, setAsking] = useState(false);
  const questionId = useId();
  // A dialog opened again starts clean.
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    setAsking(false);
  }
  useEffect(() => {
    dirty.current = false;
  }, [opened]);
  // While asking, Escape or a click beside the dialog means "keep editing".
  const requestClose = () => {
    if (asking) setAsking(false);
    else if (dirty.current) setAsking(true);
    else onClose();
  };
  return (
    <Modal opened={opened} onClose={requestClose} {...props}>
      <div hidden={asking} onInputCapture={() => (dirty.current = true)}>
        {children}
      </div>
      {asking ? (
        <Stack role="alertdialog" aria-labelledby={questionId} gap="sm">
          <Text fw={600} id={questionId}>
            Discard changes?
          </Text>
          <Text size="sm">What you typed in this dialog will be lost.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)} data-autofocus autoFocus>
              Keep editing
            </Button>
            <Button color="red" onClick={onClose}>
              Discard
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
