// The profile's time off section: what is coming up, what is past, a form to add more, removal with confirmation.
import { Card, Divider, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatRange } from '../../lib/dates';
import { ConfirmFormDialog } from '../../ui/confirm-dialog';
import { TimeOffForm } from './time-off-form';
import { TimeOffList } from './time-off-list';
import type { TimeOffRow } from './time-off-model';

type MyTimeOffProps = {
  userId: string;
  upcoming: TimeOffRow[];
  past: TimeOffRow[];
  /** The route whose action records and removes time off. */
  action: string;
};

export function MyTimeOff({ userId, upcoming, past, action }: MyTimeOffProps) {
  const [removing, setRemoving] = useState<TimeOffRow | null>(null);
  return (
    <Card withBorder>
      <Stack>
        <div>
          <Title order={2} size="h4">
            Time off
          </Title>
          <Text size="sm" c="dimmed">
            Vacation, sick days and holidays reduce your capacity, so planners see when you are away.
          </Text>
        </div>
        <section aria-label="Upcoming time off">
          <Text fw={600} size="sm" mb="xs">
            Upcoming and current
          </Text>
          <TimeOffList
            entries={upcoming}
            emptyText="No time off planned. Add it below when you know you will be away."
            onDelete={setRemoving}
          />
        </section>
        {past.length > 0 ? (
          <section aria-label="Past time off">
            <Text fw={600} size="sm" mb="xs">
              Past
            </Text>
            <TimeOffList entries={past} emptyText="" onDelete={setRemoving} />
          </section>
        ) : null}
        <Divider label="Add time off" labelPosition="left" />
        <TimeOffForm action={action} userId={userId} />
      </Stack>
      <ConfirmFormDialog
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove time off"
        message={removing ? `Remove your time off ${formatRange(removing.start_date, removing.end_date)}?` : ''}
        action={action}
        intent="delete-time-off"
        fields={{ id: removing?.id }}
      />
    </Card>
  );
}
