// A person's capacity in a dialog: weekly hours and work days, each either their own or the organization's default.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useFetcher } from 'react-router';
import { type ActionResult } from '../../lib/action-result';
import { useActionFeedback } from '../../ui/use-action-feedback';
import { CapacityFields } from '../capacity/capacity-fields';
import { personName, type Member, type OrganizationSettings } from './organization-model';

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
  return (
    <fetcher.Form method="post" noValidate>
      <input type="hidden" name="intent" value="save-capacity" />
      <input type="hidden" name="user_id" value={member.id} />
      <Stack>
        <CapacityFields capacity={member} defaults={settings} errors={errors} autoFocus />
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
