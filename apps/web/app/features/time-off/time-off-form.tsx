// The form that records time off: for oneself (the person is fixed) or, for planners, for anyone in `people`.
import { Button, Group, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { type ActionResult } from '../../lib/action-result';
import { useActionFeedback } from '../../ui/use-action-feedback';
import type { Person } from '../allocations/allocation-schema';
import { DateField } from '../../ui/date-field';
import { KIND_LABELS, TIME_OFF_KINDS } from './time-off-schema';

const KIND_OPTIONS = TIME_OFF_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }));

type TimeOffFormProps = {
  /** The route whose action records it with addTimeOff(). */
  action: string;
  /** The person when fixed (one's own time off); otherwise `people` to choose from. */
  userId?: string;
  people?: Person[];
  defaults?: { start_date?: string; end_date?: string };
  onDone?: () => void;
};

export function TimeOffForm({ action, userId, people, defaults, onDone }: TimeOffFormProps) {
  const fetcher = useFetcher<ActionResult>();
  // After a success the fields start over: remounting them clears what the date pickers hold.
  const [resetKey, setResetKey] = useState(0);
  useActionFeedback(fetcher.data, () => {
    setResetKey((key) => key + 1);
    onDone?.();
  });
  const errors = fetcher.data?.ok === false ? (fetcher.data.fieldErrors ?? {}) : {};
  return (
    <fetcher.Form method="post" action={action} noValidate key={resetKey}>
      <input type="hidden" name="intent" value="add-time-off" />
      {userId ? <input type="hidden" name="user_id" value={userId} /> : null}
      <Stack>
        {userId ? null : (
          <Select
            label="Person"
            name="user_id"
            data={(people ?? []).map((person) => ({ value: person.id, label: person.full_name || 'Unnamed' }))}
            searchable
            required
            error={errors.user_id}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="Kind"
            name="kind"
            data={KIND_OPTIONS}
            defaultValue="vacation"
            allowDeselect={false}
            required
            error={errors.kind}
          />
          <DateField
            label="First day"
            name="start_date"
            defaultValue={defaults?.start_date}
            required
            error={errors.start_date}
          />
          <DateField
            label="Last day"
            name="end_date"
            defaultValue={defaults?.end_date}
            required
            error={errors.end_date}
          />
        </SimpleGrid>
        <Textarea
          label="Note"
          name="note"
          description="Only you and managers see it"
          autosize
          minRows={1}
          maxRows={4}
          maxLength={2000}
          error={errors.note}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={fetcher.state !== 'idle'}>
            Add time off
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}
