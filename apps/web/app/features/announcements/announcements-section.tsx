// The home page's announcements: what members read (pinned first, then the newest), and for announcement managers
// also the drafts, scheduled and expired ones, with writing, editing and deleting.
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useFetcher } from 'react-router';
import { type ActionResult } from '../../lib/action-result';
import { useActionFeedback } from '../../ui/use-action-feedback';
import { ConfirmFormDialog } from '../../ui/confirm-dialog';
import { useOpenedOnce } from '../../ui/use-opened-once';
import { AnnouncementCard } from './announcement-card';
import { arrangeAnnouncements, type AnnouncementView } from './announcement-status';

// The form (its date and time inputs, its Markdown preview) is loaded when a manager is about to use it, not with the
// page that every member opens.
const loadForm = () => import('./announcement-form-modal');
const AnnouncementFormModal = lazy(() => loadForm().then((module) => ({ default: module.AnnouncementFormModal })));

/** Announcements shown before "Show all": the pinned ones and the latest news fit, older ones wait. */
const FIRST_SHOWN = 5;

type AnnouncementsSectionProps = {
  announcements: AnnouncementView[];
  timeZone: string;
  canManage: boolean;
  /** The route whose action saves and deletes announcements. */
  action: string;
};

export function AnnouncementsSection({ announcements, timeZone, canManage, action }: AnnouncementsSectionProps) {
  const { live, hidden } = useMemo(() => arrangeAnnouncements(announcements), [announcements]);
  const [editing, setEditing] = useState<AnnouncementView | 'new' | null>(null);
  const formUsed = useOpenedOnce(editing !== null);
  const [deleting, setDeleting] = useState<AnnouncementView | null>(null);
  // Made when first needed: a closed dialog made with the page still sets up its portal as the page hydrates.
  const confirmUsed = useOpenedOnce(deleting !== null);
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? live : live.slice(0, FIRST_SHOWN);
  // Quick changes are sent from here, not from each card: expiring one moves its card to another list, and a card
  // remounted there would have lost the answer and its popup.
  const changes = useFetcher<ActionResult>();
  useActionFeedback(changes.data);
  const changing = changes.state !== 'idle' ? changes.formData?.get('id') : undefined;
  const card = (announcement: AnnouncementView) => (
    <AnnouncementCard
      key={announcement.id}
      announcement={announcement}
      timeZone={timeZone}
      manage={
        canManage
          ? {
              onEdit: () => setEditing(announcement),
              onDelete: () => setDeleting(announcement),
              onChange: (intent, values = {}) =>
                changes.submit({ intent, id: announcement.id, ...values }, { method: 'post', action }),
              busy: changing === announcement.id,
            }
          : undefined
      }
    />
  );

  return (
    <section aria-labelledby="announcements">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="announcements">
          Announcements
        </Title>
        {canManage ? (
          <Button
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onPointerEnter={loadForm}
            onFocus={loadForm}
            onClick={() => setEditing('new')}
          >
            New announcement
          </Button>
        ) : null}
      </Group>
      {live.length > 0 ? (
        <Stack gap="sm" data-testid="live-announcements">
          {shown.map(card)}
          {live.length > shown.length ? (
            <Button variant="subtle" onClick={() => setShowAll(true)} style={{ alignSelf: 'flex-start' }}>
              Show all {live.length} announcements
            </Button>
          ) : null}
        </Stack>
      ) : (
        <EmptyState canManage={canManage} />
      )}
      {canManage && hidden.length > 0 ? (
        <Stack gap="sm" mt="lg" data-testid="hidden-announcements">
          <div>
            <Title order={3} size="h5">
              Not shown to members
            </Title>
            <Text size="sm" c="dimmed">
              Drafts, scheduled and expired announcements. Only announcement managers see them.
            </Text>
          </div>
          {hidden.map(card)}
        </Stack>
      ) : null}
      {formUsed ? (
        <Suspense fallback={null}>
          <AnnouncementFormModal
            opened={editing !== null}
            onClose={() => setEditing(null)}
            announcement={editing === 'new' ? undefined : (editing ?? undefined)}
            timeZone={timeZone}
            action={action}
          />
        </Suspense>
      ) : null}
      {confirmUsed ? (
        <ConfirmFormDialog
          opened={deleting !== null}
          onClose={() => setDeleting(null)}
          title="Delete announcement"
          message={deleting ? `Delete "${deleting.title}"? Nobody will see it again; this cannot be undone.` : ''}
          action={action}
          intent="delete-announcement"
          fields={{ id: deleting?.id }}
        />
      ) : null}
    </section>
  );
}

function EmptyState({ canManage }: { canManage: boolean }) {
  return (
    <Paper withBorder p="lg">
      <Group gap="md" wrap="nowrap">
        <ThemeIcon size="lg" variant="light" radius="xl" aria-hidden>
          <IconSpeakerphone size={20} />
        </ThemeIcon>
        <div>
          <Text>No announcements right now.</Text>
          <Text size="sm" c="dimmed">
            {canManage
              ? 'Write one with "New announcement": publish it now, schedule it, or keep it as a draft.'
              : 'News from the organization shows up here.'}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}
