// Notices: short, non-blocking news of a routine success ("The project was saved."), shown in a corner for a few
// seconds and closed by themselves, unlike the popup, which waits for OK.
export type Notice = { id: string; title: string; message: string };

export const NOTICE_MS = 6000;

export type NoticeStore = ReturnType<typeof createNoticeStore>;

let sequence = 0;

export function createNoticeStore(timeoutMs = NOTICE_MS) {
  let notices: Notice[] = [];
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  const store = {
    current: (): Notice[] => notices,
    show(message: string, title = 'Done', id = `notice-${++sequence}`): Notice {
      const notice = { id, title, message };
      // The same notice (for example one handed over by the server) is never shown twice.
      if (notices.some((shown) => shown.id === id)) return notice;
      notices = [...notices, notice].slice(-3);
      emit();
      if (timeoutMs > 0) setTimeout(() => store.close(id), timeoutMs);
      return notice;
    },
    close(id: string) {
      if (!notices.some((notice) => notice.id === id)) return;
      notices = notices.filter((notice) => notice.id !== id);
      emit();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}

let browserNoticeStore: NoticeStore | undefined;

/** The page's one notice store in the browser; each server render gets its own. */
export function getNoticeStore(): NoticeStore {
  if (typeof window === 'undefined') return createNoticeStore(0);
  browserNoticeStore ??= createNoticeStore();
  return browserNoticeStore;
}
