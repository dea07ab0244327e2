// Work days and weekly capacity: shown to the person; changed only by members who can manage users (the database
// refuses anyone else). Empty values mean the organization's defaults.
import { Button, Card, Checkbox, Group, NumberInput, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { useActionFeedback } from '../../ui/use-action-feedback';
import type { ProfileActionResult } from './profile-action-result';
import {
  describeHours,
  describeWorkDays,
  formatHours,
  type OrganizationDefaults,
  type ProfileRow,
} from './profile-schema';
import { SectionTitle } from './section-title';
import { WEEKDAYS } from '../../lib/weekdays';

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
  const defaultDays = organization?.work_days ?? [1, 2, 3, 4, 5];
  const [useDefaultDays, setUseDefaultDays] = useState(profile.work_days === null);
  const [days, setDays] = useState((profile.work_days ?? defaultDays).map(String));
  const defaultHours = organization ? formatHours(organization.default_weekly_hours) : null;
  return (
    <fetcher.Form method="post" noValidate>
      <input type="hidden" name="intent" value="save-capacity" />
      <Stack>
        <NumberInput
          label="Weekly capacity (hours)"
          name="weekly_capacity_hours"
          description={`Leave empty to use the organization default${defaultHours ? ` (${defaultHours})` : ''}.`}
          placeholder={defaultHours ? `${defaultHours} (organization default)` : 'Organization default'}
          defaultValue={profile.weekly_capacity_hours ?? ''}
          min={0}
          max={168}
          decimalScale={2}
          maw={320}
          error={errors.weekly_capacity_hours}
        />
        <Checkbox
          label="Use the organization's work days"
          name="use_default_days"
          checked={useDefaultDays}
          onChange={(event) => setUseDefaultDays(event.currentTarget.checked)}
        />
        <Checkbox.Group
          label="Work days"
          value={useDefaultDays ? defaultDays.map(String) : days}
          onChange={setDays}
          error={errors.work_days}
        >
          <Group gap="md" mt={4}>
            {WEEKDAYS.map(({ day, short, label }) => (
              <Checkbox
                key={day}
                name="work_days"
                value={String(day)}
                label={short}
                aria-label={label}
                disabled={useDefaultDays}
              />
            ))}
          </Group>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button type="submit" loading={fetcher.state !== 'idle'}>
            Save capacity
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}
