// One announcement: title, when and by whom it went out, its standing for managers, the rendered text, and the
// managers' menu (edit, pin, expire, delete).
import { ActionIcon, Badge, Group, Menu, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClockOff, IconDots, IconPencil, IconPin, IconPinnedOff, IconTrash } from '@tabler/icons-react';
import { AnnouncementRenderedBody } from './announcement-rendered-body';
import type { AnnouncementView } from './announcement-status';
import { formatInstant } from './announcement-times';

type AnnouncementCardProps = {
  announcement: AnnouncementView;
  timeZone: string;
  /** Present for those who may change announcements. */
  manage?: {
    onEdit: () => void;
    onDelete: () => void;
    /** Sends a quick change (pin, unpin, expire) of this announcement. */
    onChange: (intent: string, values?: Record<string, string>) => void;
    /** Whether a change of this announcement is on its way. */
    busy: boolean;
  };
};

function StatusBadge({ announcement, timeZone }: Pick<AnnouncementCardProps, 'announcement' | 'timeZone'>) {
  switch (announcement.status) {
    case 'draft':
      return (
        <Badge color="gray" variant="light">
          Draft
        </Badge>
      );
    case 'scheduled':
      return (
        <Badge color="blue" variant="light">
          Scheduled for {formatInstant(announcement.publish_at!, timeZone)}
        </Badge>
      );
    case 'expired':
      return (
        <Badge color="orange" variant="light">
          Expired
        </Badge>
      );
    default:
      return null;
  }
}

function byline(
  { status, publish_at, expires_at, updated_at, author }: AnnouncementView,
  zone: string,
  managing: boolean,
) {
  const by = author ? ` by ${author}` : '';
  if (status === 'draft' || status === 'scheduled') return `Last edited ${formatInstant(updated_at, zone)}${by}`;
  const published = `Published ${formatInstant(publish_at!, zone)}${by}`;
  if (status === 'expired') return `${published} · expired ${formatInstant(expires_at!, zone)}`;
  // When it goes away is the managers' business; members just read it.
  return managing && expires_at ? `${published} · expires ${formatInstant(expires_at, zone)}` : published;
}

export function AnnouncementCard({ announcement, timeZone, manage }: AnnouncementCardProps) {
  const titleId = `announcement-${announcement.id}`;
  return (
    <Paper withBorder p="lg" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={3} size="h4" id={titleId}>
                {announcement.title}
              </Title>
              {announcement.pinned ? (
                <Badge variant="light" leftSection={<IconPin size={12} aria-hidden />}>
                  Pinned
                </Badge>
              ) : null}
              <StatusBadge announcement={announcement} timeZone={timeZone} />
            </Group>
            <Text size="xs" c="dimmed">
              {byline(announcement, timeZone, Boolean(manage))}
            </Text>
          </Stack>
          {manage ? <ManageMenu announcement={announcement} {...manage} /> : null}
        </Group>
        {announcement.bodyHtml ? <AnnouncementRenderedBody html={announcement.bodyHtml} /> : null}
      </Stack>
    </Paper>
  );
}

function ManageMenu({
  announcement,
  onEdit,
  onDelete,
  onChange: submit,
  busy,
}: { announcement: AnnouncementView } & NonNullable<AnnouncementCardProps['manage']>) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Manage "${announcement.title}"`} loading={busy}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
          Edit
        </Menu.Item>
        {announcement.pinned ? (
          <Menu.Item
            leftSection={<IconPinnedOff size={16} aria-hidden />}
            onClick={() => submit('pin-announcement', { pinned: 'false' })}
          >
            Unpin
          </Menu.Item>
        ) : (
          <Menu.Item
            leftSection={<IconPin size={16} aria-hidden />}
            onClick={() => submit('pin-announcement', { pinned: 'true' })}
          >
            Pin to the top
          </Menu.Item>
        )}
        {announcement.status === 'live' ? (
          <Menu.Item leftSection={<IconClockOff size={16} aria-hidden />} onClick={() => submit('expire-announcement')}>
            Expire now
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
