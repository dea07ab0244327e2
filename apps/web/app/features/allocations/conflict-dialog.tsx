// When someone else saved an allocation first: what they changed, side by side with the person's own values, and
// the choice between keeping theirs and saving one's own over it. Nothing the person typed is lost while choosing:
// the dialog closes only through one of the two choices.
import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import {
  changedAt,
  differences,
  whoChanged,
  type AllocationConflict,
  type AllocationValues,
  type Names,
} from './allocation-conflict';

interface Props {
  conflict: AllocationConflict | null;
  mine: AllocationValues | null;
  names: Names;
  saving?: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

export function ConflictDialog({ conflict, mine, names, saving, onKeepMine, onTakeTheirs }: Props) {
  const who = conflict ? whoChanged(conflict) : '';
  return (
    <Modal
      opened={conflict !== null && mine !== null}
      onClose={() => undefined}
      closeOnEscape={false}
      closeOnClickOutside={false}
      withCloseButton={false}
      title={`${who} changed this allocation`}
      size="lg"
      centered
    >
      {conflict && mine ? (
        <Stack gap="md">
          <Text>
            {who} saved a change {changedAt(conflict.theirs.updated_at)}, after you started editing. Your change is not
            saved yet: keep yours over theirs, or take theirs and discard yours.
          </Text>
          <ChangesTable
            rows={differences(conflict.theirs, mine, names)}
            theirsLabel={conflict.by ? `${who}'s version` : 'Their version'}
            mineLabel="Yours"
            same="Their version is the same as yours."
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onTakeTheirs} disabled={saving}>
              Take theirs
            </Button>
            <Button onClick={onKeepMine} loading={saving} data-autofocus>
              Keep mine
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

/** The fields that differ between two versions of an allocation. */
export function ChangesTable({
  rows,
  theirsLabel,
  mineLabel,
  same,
}: {
  rows: ReturnType<typeof differences>;
  theirsLabel: string;
  mineLabel: string;
  same: string;
}) {
  if (rows.length === 0) return <Text c="dimmed">{same}</Text>;
  return (
    <Table withTableBorder verticalSpacing={6} aria-label="What differs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Field</Table.Th>
          <Table.Th>{theirsLabel}</Table.Th>
          <Table.Th>{mineLabel}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.field}>
            <Table.Th scope="row" fw={500}>
              {row.field}
            </Table.Th>
            <Table.Td>{row.theirs}</Table.Td>
            <Table.Td>{row.mine}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Asked before deleting an allocation someone changed since it was loaded: what they changed, and "Delete anyway?". */
export function DeleteAfterChangeMessage({
  conflict,
  seen,
  names,
}: {
  conflict: AllocationConflict;
  seen: AllocationValues;
  names: Names;
}) {
  const who = whoChanged(conflict);
  return (
    <Stack gap="sm">
      <Text>
        {who} changed this allocation {changedAt(conflict.theirs.updated_at)}. Delete anyway?
      </Text>
      <ChangesTable
        rows={differences(seen, conflict.theirs, names)}
        theirsLabel="When you loaded it"
        mineLabel="Now"
        same="Nothing you can see differs."
      />
    </Stack>
  );
}
