// The planner's keyboard shortcuts, opened with "?" or the keyboard button.
import { Kbd, Modal, Table } from '@mantine/core';

const SHORTCUTS: [keys: string[][], action: string][] = [
  [[['Tab']], 'Move into the grid (one stop), or on to the next control'],
  [[['↑'], ['↓'], ['←'], ['→']], 'Move between people, lanes and periods'],
  [[['Home'], ['End']], 'First or last period of the row; with Ctrl, the first or last row'],
  [[['Enter']], "Open or close a person's row; edit a bar; add an allocation on an empty lane"],
  [
    [
      ['Alt', '←'],
      ['Alt', '→'],
    ],
    'Move the focused bar a day (days view) or a week earlier or later',
  ],
  [
    [
      ['Shift', 'Alt', '←'],
      ['Shift', 'Alt', '→'],
    ],
    "Make the focused bar's end earlier or later",
  ],
  [[['Delete']], 'Delete the focused bar (asks first; can be undone)'],
  [[['Ctrl', 'Z']], 'Undo the last change'],
  [[['?']], 'Show these shortcuts'],
];

export function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" size="lg" centered>
      <Table verticalSpacing={6} aria-label="Keyboard shortcuts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Keys</Table.Th>
            <Table.Th>Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SHORTCUTS.map(([combos, action]) => (
            <Table.Tr key={action}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {combos.map((keys, index) => (
                  <span key={keys.join('+')}>
                    {index > 0 ? ' ' : null}
                    {keys.map((key, position) => (
                      <span key={key}>
                        {position > 0 ? '+' : null}
                        <Kbd>{key}</Kbd>
                      </span>
                    ))}
                  </span>
                ))}
              </Table.Td>
              <Table.Td>{action}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
