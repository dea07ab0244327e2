// The form that records time off: for oneself (the person is fixed) or, for planners, for anyone in `people`.
import { Alert, Button, Group, List, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { type ActionResult } from '../../lib/action-result';
import { useActionFeedback } from '../../ui/use-action-feedback';
import type { Person } from '../allocations/allocation-row';
import { DateField } from '../../ui/date-field';
import { DecimalInput } from '../../ui/decimal-input';
import { useTimeOffOverlaps } from './use-time-off-overlaps';
import { KIND_LABELS, TIME_OFF_KINDS } from './time-off-model';

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
      <TimeOffFields
        userId={userId}
        people={people}
        defaults={defaults}
        errors={errors}
        saving={fetcher.state !== 'idle'}
      />
    </fetcher.Form>
  );
}

type TimeOffFieldsProps = Pick<TimeOffFormProps, 'userId' | 'people' | 'defaults'> & {
  errors: Record<string, string | undefined>;
  saving: boolean;
};

/** The fields, remounted after each success so that they start over. */
function TimeOffFields({ userId, people, defaults, errors, saving }: TimeOffFieldsProps) {
  const [person, setPerson] = useState(userId ?? '');
  const [start, setStart] = useState(defaults?.start_date ?? '');
  const [end, setEnd] = useState(defaults?.end_date ?? '');
  const overlaps = useTimeOffOverlaps(person, start, end);
  return (
    <>
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
            value={person || null}
            onChange={(value) => setPerson(value ?? '')}
            error={errors.user_id}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
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
            value={start}
            onChange={setStart}
            required
            error={errors.start_date}
          />
          <DateField label="Last day" name="end_date" value={end} onChange={setEnd} required error={errors.end_date} />
          <DecimalInput
            label="Hours off a day"
            name="hours"
            description="Empty for whole days"
            min={0}
            max={24}
            step={0.5}
            allowNegative={false}
            error={errors.hours}
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
        <div aria-live="polite">
          {overlaps.length > 0 ? (
            <Alert color="yellow" variant="light" title="This overlaps booked work" data-testid="time-off-overlaps">
              <List size="sm" spacing={2}>
                {overlaps.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
        </div>
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            Add time off
          </Button>
        </Group>
      </Stack>
    </>
  );
}
