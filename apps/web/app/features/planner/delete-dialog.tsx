// Confirmation before deleting an allocation from the keyboard (Delete on a focused bar).
import { Button, Group, Modal, Text } from '@mantine/core';
import type { Allocation, Project } from './planner-data';
import { formatLongDay } from './planner-dates';

interface Props {
  allocation: Allocation | null;
  projectsById: Map<string, Project>;
  onCancel: () => void;
  onConfirm: (id: string) => void;
}

export function DeleteDialog({ allocation, projectsById, onCancel, onConfirm }: Props) {
  const project = allocation ? projectsById.get(allocation.project_id) : undefined;
  return (
    <Modal opened={allocation !== null} onClose={onCancel} title="Delete allocation" centered>
      {allocation && (
        <>
          <Text>
            Delete the allocation to {project?.name ?? 'this project'} from {formatLongDay(allocation.start_date)} to{' '}
            {formatLongDay(allocation.end_date)}? You can undo it right after.
          </Text>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button color="red" onClick={() => onConfirm(allocation.id)} data-autofocus>
              Delete
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
