// The app's one popup dialog (title, message, OK) and the hook that opens it; closes on OK, backdrop click or Escape.
import { Button, getDefaultZIndex, Group, Modal, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import { createContext, use, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { getPopupStore, type Popup, type PopupRequest, type PopupStore, type PopupType } from '../lib/popup-store';

const PopupContext = createContext<PopupStore | null>(null);

const LOOK: Record<PopupType, { color: string; Icon: typeof IconInfoCircle }> = {
  success: { color: 'green', Icon: IconCircleCheck },
  error: { color: 'red', Icon: IconCircleX },
  warning: { color: 'orange', Icon: IconAlertTriangle },
  info: { color: 'blue', Icon: IconInfoCircle },
};

type PopupProviderProps = {
  children: ReactNode;
  /** A popup the server asked for, for example after a redirect; shown once. */
  handedOver?: Popup | null;
};

export function PopupProvider({ children, handedOver }: PopupProviderProps) {
  const [store] = useState(getPopupStore);
  useEffect(() => {
    if (handedOver) store.show(handedOver);
  }, [store, handedOver]);
  return (
    <PopupContext value={store}>
      {children}
      <PopupDialog store={store} />
    </PopupContext>
  );
}

/** Opens the global popup: `showPopup({ type: 'error', message })`; the title defaults by type. */
export function usePopup(): (request: PopupRequest) => void {
  const store = use(PopupContext);
  if (!store) throw new Error('usePopup must be used inside PopupProvider');
  return store.show;
}

const noPopup = () => null;

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
