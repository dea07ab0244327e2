// Name, job title and time zone: what the person edits about themselves.
import { Button, Card, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useFetcher } from 'react-router';
import { useActionFeedback } from '../../ui/use-action-feedback';
import type { ProfileActionResult } from './profile-action-result';
import type { ProfileRow } from './profile-schema';
import { SectionTitle } from './section-title';

export function DetailsCard({ profile, timeZones }: { profile: ProfileRow; timeZones: string[] }) {
  const fetcher = useFetcher<ProfileActionResult>();
  useActionFeedback(fetcher.data);
  const errors = fetcher.data?.ok === false ? (fetcher.data.fieldErrors ?? {}) : {};
  return (
    <Card withBorder>
      <fetcher.Form method="post" noValidate>
        <input type="hidden" name="intent" value="save-details" />
        <Stack>
          <SectionTitle title="Personal details">How colleagues see you in plans and lists.</SectionTitle>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Full name"
              name="full_name"
              defaultValue={profile.full_name}
              autoComplete="name"
              required
              error={errors.full_name}
            />
            <TextInput
              label="Job title"
              name="job_title"
              defaultValue={profile.job_title ?? ''}
              autoComplete="organization-title"
              error={errors.job_title}
            />
          </SimpleGrid>
          <Select
            label="Time zone"
            name="time_zone"
            description="Leave empty to use the organization's time zone."
            placeholder="Organization's time zone"
            data={timeZones}
            defaultValue={profile.time_zone}
            searchable
            clearable
            limit={50}
            nothingFoundMessage="No time zone matches"
            error={errors.time_zone}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={fetcher.state !== 'idle'}>
              Save details
            </Button>
          </Group>
        </Stack>
      </fetcher.Form>
    </Card>
  );
}
