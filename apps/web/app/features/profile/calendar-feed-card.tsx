// The calendar feed: the private link a calendar app subscribes to (allocations and time off), how to add it to
// Google Calendar, Outlook and Apple Calendar, and resetting it when it was shared by mistake.
import { ActionIcon, Button, Card, CopyButton, Group, List, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendarPlus, IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { ConfirmFormDialog } from '../../ui/confirm-dialog';
import type { CalendarFeedLinks } from './calendar-feed.server';
import { SectionTitle } from './section-title';

export function CalendarFeedCard({ feed }: { feed: CalendarFeedLinks }) {
  const [confirming, { open, close }] = useDisclosure(false);
  return (
    <Card withBorder data-testid="calendar-feed-card">
      <Stack>
        <SectionTitle title="Calendar feed">
          See your allocations and time off in your own calendar app. The link is private: anyone who has it can see
          your plan.
        </SectionTitle>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label="Subscription link"
            value={feed.url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: 1, minWidth: 0 }}
          />
          <CopyButton value={feed.url}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow>
                <ActionIcon variant="default" size="input-sm" onClick={copy} aria-label="Copy subscription link">
                  {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <List size="sm" spacing={4}>
          <List.Item>
            <b>Google Calendar</b>: beside “Other calendars”, choose + and then “From URL”, and paste the link.
          </List.Item>
          <List.Item>
            <b>Outlook</b>: choose “Add calendar”, then “Subscribe from web”, and paste the link.
          </List.Item>
          <List.Item>
            <b>Apple Calendar</b>: choose “Open in Apple Calendar” below, then Subscribe.
          </List.Item>
        </List>
        <Text size="sm" c="dimmed">
          Calendar apps read the feed again on their own schedule, from every hour to about once a day.
        </Text>
        <Group justify="space-between">
          <Button
            component="a"
            href={feed.webcalUrl}
            variant="default"
            leftSection={<IconCalendarPlus size={16} aria-hidden />}
          >
            Open in Apple Calendar
          </Button>
          <Button variant="default" color="red" leftSection={<IconRefresh size={16} aria-hidden />} onClick={open}>
            Reset link
          </Button>
        </Group>
      </Stack>
      <ConfirmFormDialog
        opened={confirming}
        onClose={close}
        title="Reset calendar link"
        message="You get a new link, and the current one stops working: calendars subscribed to it stop updating until you subscribe them again with the new link."
        confirmLabel="Reset link"
        action="/profile"
        intent="reset-calendar-feed"
      />
    </Card>
  );
}
