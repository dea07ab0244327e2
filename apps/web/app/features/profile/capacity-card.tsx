// Work days and weekly capacity: shown to the person; changed only by members who can manage users (the database
// refuses anyone else). Empty values mean the organization's defaults.
import { Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useFetcher } from 'react-router';
import { useActionFeedback } from '../../ui/use-action-feedback';
import type { ProfileActionResult } from './profile-action-result';
import { CapacityFields } from '../capacity/capacity-fields';
import { describeHours, describeWorkDays, type OrganizationDefaults, type ProfileRow } from './profile-schema';
import { SectionTitle } from './section-title';

type CapacityCardProps = { profile: ProfileRow; organization: OrganizationDefaults | null; canManageUsers: boolean };

export function CapacityCard({ profile, organization, canManageUsers }: CapacityCardProps) {
  return (
    <Card withBorder>
      <Stack>
        <SectionTitle title="Work days and capacity">
          Planners compare your allocations with this capacity. Empty values use the organization's defaults.
        </SectionTitle>
        {canManageUsers ? (
          <CapacityForm profile={profile} organization={organization} />
        ) : (
          <>
            <Table variant="vertical" withRowBorders={false} layout="fixed">
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={160}>Work days</Table.Th>
                  <Table.Td>{describeWorkDays(profile, organization)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Weekly capacity</Table.Th>
                  <Table.Td>{describeHours(profile, organization)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Text size="sm" c="dimmed">
              Only members who can manage users change these. Ask one of them if they are wrong.
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}

function CapacityForm({ profile, organization }: Omit<CapacityCardProps, 'canManageUsers'>) {
  const fetcher = useFetcher<ProfileActionResult>();
  useActionFeedback(fetcher.data);
  const errors = fetcher.data?.ok === false ? (fetcher.data.fieldErrors ?? {}) : {};
  return (
    <fetcher.Form method="post" noValidate>
      <input type="hidden" name="intent" value="save-capacity" />
      <Stack maw={480}>
        <CapacityFields capacity={profile} defaults={organization} errors={errors} />
        <Group justify="flex-end">
          <Button type="submit" loading={fetcher.state !== 'idle'}>
            Save capacity
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}
