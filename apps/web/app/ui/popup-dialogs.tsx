// The popup dialog and the notices themselves, loaded with the first message to show: most pages never need them,
// so they are not part of every page's first download.
import { Button, getDefaultZIndex, Group, Modal, Notification, Portal, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import { useState, useSyncExternalStore } from 'react';
import type { Popup, PopupStore, PopupType } from '../lib/popup-store';
import type { Notice, NoticeStore } from '../lib/notice-store';

const LOOK: Record<PopupType, { color: string; Icon: typeof IconInfoCircle }> = {
  success: { color: 'green', Icon: IconCircleCheck },
  error: { color: 'red', Icon: IconCircleX },
  warning: { color: 'orange', Icon: IconAlertTriangle },
  info: { color: 'blue', Icon: IconInfoCircle },
};

export default function PopupDialogs({ store, notices }: { store: PopupStore; notices: NoticeStore }) {
  return (
    <>
      <PopupDialog store={store} />
      <Notices store={notices} />
    </>
  );
}

const noPopup = () => null;
const noNotices = (): Notice[] => [];

/** The notices of routine successes, newest last, in the top right corner above everything. */
function Notices({ store }: { store: NoticeStore }) {
  const notices = useSyncExternalStore(store.subscribe, store.current, noNotices);
  if (notices.length === 0) return null;
  return (
    <Portal>
      <div
        style={{
          position: 'fixed',
          top: 16,
          right: 16,
          zIndex: getDefaultZIndex('max'),
          display: 'flex',
          flexDirection: 'column',
          gap: 8,
          width: 'min(360px, calc(100vw - 32px))',
        }}
      >
        {notices.map((notice) => (
          <Notification
            key={notice.id}
            role="status"
            data-notice
            color="green"
            icon={<IconCircleCheck size={18} aria-hidden />}
            title={notice.title}
            withBorder
            closeButtonProps={{ 'aria-label': 'Close the notice' }}
            onClose={() => store.close(notice.id)}
          >
            {notice.message}
          </Notification>
        ))}
      </div>
    </Portal>
  );
}

function PopupDialog({ store }: { store: PopupStore }) {
  const popup = useSyncExternalStore(store.subscribe, store.current, noPopup);
  // The dialog fades out after closing; keep showing the last text meanwhile instead of an empty box.
  const [lastShown, setLastShown] = useState<Popup | null>(null);
  if (popup && popup !== lastShown) setLastShown(popup);
  const shown = popup ?? lastShown;
  const look = LOOK[shown?.type ?? 'info'];
  return (
    <Modal
      opened={popup !== null}
      onClose={store.close}
      centered
      withCloseButton={false}
      closeOnClickOutside
      closeOnEscape
      // Above every other dialog: it often reports the result of a form that is still open beneath it.
      zIndex={getDefaultZIndex('modal') + 10}
      data-popup-type={shown?.type}
      title={
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color={look.color} variant="light" radius="xl" aria-hidden>
            <look.Icon size={18} />
          </ThemeIcon>
          <span>{shown?.title}</span>
        </Group>
      }
    >
      <Text style={{ whiteSpace: 'pre-line' }}>{shown?.message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={store.close} color={look.color === 'red' ? 'red' : undefined} data-autofocus>
          OK
        </Button>
      </Group>
    </Modal>
  );
}
