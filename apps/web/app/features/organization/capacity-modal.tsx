// A person's capacity in a dialog: weekly hours and work days, each either their own or the organization's default.
import { Button, Checkbox, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { type ActionResult } from '../../lib/action-result';
import { useActionFeedback } from '../../ui/use-action-feedback';
import { formatWorkDays } from '../../lib/weekdays';
import { formatWeeklyHours, personName, type Member, type OrganizationSettings } from './organization-model';
import { WeekdayChips } from './weekday-chips';

type CapacityModalProps = { member: Member | null; settings: OrganizationSettings; onClose: () => void };

export function CapacityModal({ member, settings, onClose }: CapacityModalProps) {
  return (
    <Modal
      opened={member !== null}
      onClose={onClose}
      title={member ? `Capacity of ${personName(member)}` : ''}
      centered
    >
      {member ? <CapacityForm member={member} settings={settings} onSaved={onClose} /> : null}
    </Modal>
  );
}

function CapacityForm({
  member,
  settings,
  onSaved,
}: {
  member: Member;
  settings: OrganizationSettings;
  onSaved: () => void;
}) {
  const fetcher = useFetcher<ActionResult>();
  useActionFeedback(fetcher.data, onSaved);
  const errors = fetcher.data?.fieldErrors ?? {};
  const [defaultDays, setDefaultDays] = useState(member.work_days === null);
  return (
    <fetcher.Form method="post" noValidate>
      <input type="hidden" name="intent" value="save-capacity" />
      <input type="hidden" name="user_id" value={member.id} />
      <Stack>
        <NumberInput
          label="Weekly capacity (hours)"
          name="weekly_capacity_hours"
          defaultValue={member.weekly_capacity_hours ?? ''}
          placeholder={`Organization default: ${formatWeeklyHours(settings.default_weekly_hours)}`}
          description="Leave empty to use the organization default."
          min={0}
          max={168}
          decimalScale={2}
          error={errors.weekly_capacity_hours}
          data-autofocus
        />
        <Checkbox
          label={`Use the organization's work days (${formatWorkDays(settings.work_days)})`}
          name="default_work_days"
          checked={defaultDays}
          onChange={(event) => setDefaultDays(event.currentTarget.checked)}
        />
        {defaultDays ? null : (
          <WeekdayChips
            label="Work days"
            defaultValue={member.work_days ?? settings.work_days}
            error={errors.work_days}
          />
        )}
        <Text size="sm" c="dimmed">
          Time off reduces this capacity on the days it covers.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" type="button" onClick={onSaved}>
            Cancel
          </Button>
          <Button type="submit" loading={fetcher.state !== 'idle'}>
            Save capacity
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}
