// The organization's settings: name, default capacity and work week, time zone, and who may sign up.
import { Button, Group, Paper, Select, SimpleGrid, Stack, Switch, TagsInput, TextInput, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useFetcher } from 'react-router';
import { type ActionResult, type FieldErrors } from '../../lib/action-result';
import { useActionFeedback } from '../../ui/use-action-feedback';
import { WEEKDAYS } from '../../lib/weekdays';
import type { OrganizationSettings } from './organization-model';
import { timeZoneOptions } from './time-zones';
import { WeekdayChips } from '../capacity/weekday-chips';
import { DecimalInput } from '../../ui/decimal-input';

const WEEK_START_OPTIONS = WEEKDAYS.map(({ day, label }) => ({ value: String(day), label }));

export function SettingsForm({ settings }: { settings: OrganizationSettings }) {
  const fetcher = useFetcher<ActionResult>();
  useActionFeedback(fetcher.data);
  const errors = fetcher.data?.intent === 'save-settings' ? (fetcher.data.fieldErrors ?? {}) : {};

  return (
    <fetcher.Form method="post" noValidate aria-label="Organization settings">
      <input type="hidden" name="intent" value="save-settings" />
      <input type="hidden" name="id" value={settings.id} />
      <Stack gap="lg" maw={720}>
        {/* Fresh fields whenever the saved settings change, so they show what the database stored. */}
        <SettingsFields key={JSON.stringify(settings)} settings={settings} errors={errors} />
        <Group justify="flex-end">
          <Button type="submit" loading={fetcher.state !== 'idle'}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}

function SettingsFields({ settings, errors }: { settings: OrganizationSettings; errors: FieldErrors }) {
  const zones = useMemo(() => timeZoneOptions(settings.time_zone), [settings.time_zone]);
  return (
    <>
      <Paper withBorder p="lg">
        <Title order={2} size="h4" mb="md">
          General
        </Title>
        <Stack>
          <TextInput
            label="Name"
            name="name"
            defaultValue={settings.name}
            error={errors.name}
            required
            maxLength={120}
          />
          <Select
            label="Time zone"
            name="time_zone"
            data={zones}
            defaultValue={settings.time_zone}
            searchable
            allowDeselect={false}
            nothingFoundMessage="No such time zone"
            description="Dates and times of the organization, such as the audit trail, are shown in this zone."
            error={errors.time_zone}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="lg">
        <Title order={2} size="h4" mb="md">
          Work week
        </Title>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DecimalInput
              label="Default weekly capacity (hours)"
              name="default_weekly_hours"
              defaultValue={settings.default_weekly_hours}
              min={0}
              max={168}
              description="For everyone without a capacity of their own."
              error={errors.default_weekly_hours}
            />
            <Select
              label="Week starts on"
              name="week_start"
              data={WEEK_START_OPTIONS}
              defaultValue={String(settings.week_start)}
              allowDeselect={false}
              error={errors.week_start}
            />
          </SimpleGrid>
          <WeekdayChips label="Work days" defaultValue={settings.work_days} error={errors.work_days} />
        </Stack>
      </Paper>
      <Paper withBorder p="lg">
        <Title order={2} size="h4" mb="md">
          Sign-up
        </Title>
        <Stack>
          <Switch
            label="Open sign-up"
            name="open_signup"
            defaultChecked={settings.open_signup}
            description="When off, only invited addresses can create an account."
          />
          <TagsInput
            label="Allowed e-mail domains"
            name="allowed_email_domains"
            defaultValue={settings.allowed_email_domains}
            placeholder="example.com, press Enter to add"
            description="Leave empty to allow every domain. Invited addresses may always join."
            splitChars={[',', ' ', ';']}
            clearable
            error={errors.allowed_email_domains}
          />
        </Stack>
      </Paper>
    </>
  );
}
