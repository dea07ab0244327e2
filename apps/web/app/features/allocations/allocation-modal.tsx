// The frame around the allocation fields, the same wherever an allocation is created or changed: the dialog's
// title and size, and its buttons.
import { Button, Group } from '@mantine/core';
import { GuardedModal } from '../../ui/guarded-modal';
import type { ReactNode } from 'react';

type AllocationModalProps = {
  opened: boolean;
  editing: boolean;
  onClose: () => void;
  children: ReactNode;
};

export function AllocationModal({ opened, editing, onClose, children }: AllocationModalProps) {
  return (
    <GuardedModal
      opened={opened}
      onClose={onClose}
      title={editing ? 'Edit allocation' : 'New allocation'}
      size="lg"
      centered
    >
      {children}
    </GuardedModal>
  );
}

type AllocationFormButtonsProps = {
  editing: boolean;
  saving?: boolean;
  onCancel: () => void;
  /** Offers Delete (left, apart from the others) when given. */
  onDelete?: () => void;
};

export function AllocationFormButtons({ editing, saving, onCancel, onDelete }: AllocationFormButtonsProps) {
  return (
    <Group justify={onDelete ? 'space-between' : 'flex-end'} mt="md">
      {onDelete ? (
        <Button color="red" variant="subtle" onClick={onDelete}>
          Delete
        </Button>
      ) : null}
      <Group>
        <Button variant="default" type="button" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          {editing ? 'Save allocation' : 'Create allocation'}
        </Button>
      </Group>
    </Group>
  );
}
