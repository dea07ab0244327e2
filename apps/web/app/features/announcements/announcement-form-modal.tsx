// The form that writes or changes an announcement, in a dialog: title, Markdown text with a preview, pinning, when
// to publish and when to expire. The route's action validates and saves it.
import { Button, Checkbox, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { GuardedModal } from '../../ui/guarded-modal';
import { TimeInput } from '@mantine/dates';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { type ActionResult } from '../../lib/action-result';
import { useActionFeedback } from '../../ui/use-action-feedback';
import { DateField } from '../../ui/date-field';
import { AnnouncementBodyField } from './announcement-body-field';
import { TITLE_MAX, type PublishMode } from './announcement-schema';
import type { AnnouncementView } from './announcement-status';
import { toWallClock } from './announcement-times';

type AnnouncementFormModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The announcement to change; none for a new one. */
  announcement?: AnnouncementView;
  /** The zone dates and times are typed in. */
  timeZone: string;
  /** The route whose action saves it. */
  action: string;
};

export function AnnouncementFormModal({ opened, onClose, announcement, timeZone, action }: AnnouncementFormModalProps) {
  return (
    <GuardedModal
      opened={opened}
      onClose={onClose}
      title={announcement ? 'Edit announcement' : 'New announcement'}
      size="xl"
    >
      {/* A fresh form each time it opens: no leftovers from an earlier attempt. */}
      {opened ? (
        <AnnouncementForm announcement={announcement} timeZone={timeZone} action={action} onSaved={onClose} />
      ) : null}
    </GuardedModal>
  );
}

function AnnouncementForm({
  announcement,
  timeZone,
  action,
  onSaved,
}: Omit<AnnouncementFormModalProps, 'opened' | 'onClose'> & { onSaved: () => void }) {
  const fetcher = useFetcher<ActionResult>();
  useActionFeedback(fetcher.data, onSaved);
  const errors = fetcher.data?.fieldErrors ?? {};
  const [publish, setPublish] = useState<PublishMode>(
    announcement ? (announcement.publish_at ? 'at' : 'draft') : 'now',
  );
  const published = announcement?.publish_at ? toWallClock(announcement.publish_at, timeZone) : undefined;
  const expires = announcement?.expires_at ? toWallClock(announcement.expires_at, timeZone) : undefined;
  return (
    <fetcher.Form method="post" action={action} noValidate>
      <input type="hidden" name="intent" value={announcement ? 'update-announcement' : 'create-announcement'} />
      {announcement ? <input type="hidden" name="id" value={announcement.id} /> : null}
      <input type="hidden" name="time_zone" value={timeZone} />
      <Stack>
        <TextInput
          label="Title"
          name="title"
          defaultValue={announcement?.title}
          error={errors.title}
          required
          data-autofocus
          maxLength={TITLE_MAX}
        />
        <AnnouncementBodyField defaultValue={announcement?.body} error={errors.body} />
        <Checkbox
          label="Pin to the top"
          description="Pinned announcements come first on everyone's home page."
          name="pinned"
          defaultChecked={announcement?.pinned}
        />
        <Radio.Group
          label="Publish"
          name="publish"
          value={publish}
          onChange={(value) => setPublish(value as PublishMode)}
          error={errors.publish}
        >
          <Group mt="xs">
            <Radio value="now" label="Now" />
            <Radio value="at" label="At a date and time" />
            <Radio value="draft" label="Keep as draft" />
          </Group>
        </Radio.Group>
        {publish === 'at' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateField
              label="Publish on"
              name="publish_date"
              defaultValue={published?.date}
              required
              error={errors.publish_date}
            />
            <TimeInput
              label="Publish time"
              name="publish_time"
              defaultValue={published?.time}
              error={errors.publish_time}
            />
          </SimpleGrid>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateField
            label="Expires on"
            name="expiry_date"
            defaultValue={expires?.date}
            description="Optional: members stop seeing it then."
            error={errors.expiry_date}
          />
          <TimeInput
            label="Expiry time"
            name="expiry_time"
            defaultValue={expires?.time}
            description="Empty means the start of the day."
            error={errors.expiry_time}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Dates and times are in the {timeZone} time zone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onSaved} type="button">
            Cancel
          </Button>
          <Button type="submit" loading={fetcher.state !== 'idle'}>
            {announcement ? 'Save announcement' : 'Create announcement'}
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}
