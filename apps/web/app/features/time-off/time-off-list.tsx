// A person's time off: kind, dates, note; with a remove button when the viewer may remove it.
import { ActionIcon, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatRange } from '../../lib/dates';
import { KIND_COLORS, KIND_LABELS, type TimeOffRow } from './time-off-model';

type TimeOffListProps = {
  entries: TimeOffRow[];
  emptyText: string;
  onDelete?: (entry: TimeOffRow) => void;
};

export function TimeOffList({ entries, emptyText, onDelete }: TimeOffListProps) {
  if (entries.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Time off">
      {entries.map((entry) => (
        <Paper key={entry.id} withBorder p="sm" component="li">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Badge color={KIND_COLORS[entry.kind]} variant="light" w={130}>
                {KIND_LABELS[entry.kind]}
              </Badge>
              <div>
                <Text size="sm" fw={500}>
                  {formatRange(entry.start_date, entry.end_date)}
                  {entry.hours ? `, ${entry.hours} hours a day` : ''}
                </Text>
                {entry.note ? (
                  <Text size="xs" c="dimmed">
                    {entry.note}
                  </Text>
                ) : null}
              </div>
            </Group>
            {onDelete ? (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove time off ${formatRange(entry.start_date, entry.end_date)}`}
                onClick={() => onDelete(entry)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            ) : null}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
