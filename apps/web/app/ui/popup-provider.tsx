// The app's one popup dialog (title, message, OK) and the hook that opens it; closes on OK, backdrop click or Escape.
// Routine successes do not interrupt: they show as a notice in a corner that closes by itself.
import { createContext, lazy, Suspense, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getPopupStore, type Popup, type PopupRequest } from '../lib/popup-store';
import { getNoticeStore } from '../lib/notice-store';

const PopupDialogs = lazy(() => import('./popup-dialogs'));

type Show = (request: PopupRequest) => void;
const PopupContext = createContext<Show | null>(null);
const NOTICE_TITLE = 'Done';

type PopupProviderProps = {
  children: ReactNode;
  /** A popup the server asked for, for example after a redirect; shown once. */
  handedOver?: Popup | null;
};

export function PopupProvider({ children, handedOver }: PopupProviderProps) {
  const [store] = useState(getPopupStore);
  const [notices] = useState(getNoticeStore);
  const show = useMemo<Show>(
    () => (request) => {
      if (request.type === 'success' && !request.stay) notices.show(request.message, request.title || NOTICE_TITLE);
      else store.show(request);
    },
    [store, notices],
  );
  // The dialogs are loaded with the first message, and stay.
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    const check = () => {
      if (store.current() || notices.current().length > 0) setNeeded(true);
    };
    check();
    const stopPopups = store.subscribe(check);
    const stopNotices = notices.subscribe(check);
    return () => {
      stopPopups();
      stopNotices();
    };
  }, [store, notices]);
  useEffect(() => {
    if (!handedOver) return;
    if (handedOver.type === 'success' && !handedOver.stay)
      notices.show(handedOver.message, NOTICE_TITLE, handedOver.id);
    else store.show(handedOver);
  }, [store, notices, handedOver]);
  return (
    <PopupContext value={show}>
      {children}
      {needed ? (
        <Suspense fallback={null}>
          <PopupDialogs store={store} notices={notices} />
        </Suspense>
      ) : null}
    </PopupContext>
  );
}

/** Opens the global popup: `showPopup({ type: 'error', message })`; the title defaults by type. */
export function usePopup(): (request: PopupRequest) => void {
  const show = use(PopupContext);
  if (!show) throw new Error('usePopup must be used inside PopupProvider');
  return show;
}
