// The global popup's state: what it shows, its default titles, and a small store the UI and guards share.
export type PopupType = 'info' | 'success' | 'error' | 'warning';

/**
 * What to tell: a success shows as a notice that closes by itself, unless `stay` asks for the dialog (a success the
 * person must act on, such as "check your inbox").
 */
export type PopupRequest = { type: PopupType; message: string; title?: string; stay?: boolean };
export type Popup = { id: string; type: PopupType; title: string; message: string; stay?: boolean };

const DEFAULT_TITLES: Record<PopupType, string> = {
  success: 'Success',
  error: 'Error',
  info: 'Notice',
  warning: 'Notice',
};

export function defaultPopupTitle(type: PopupType): string {
  return DEFAULT_TITLES[type];
}

let sequence = 0;

export function toPopup(request: PopupRequest, id = `popup-${++sequence}`): Popup {
  return {
    id,
    type: request.type,
    message: request.message,
    title: request.title?.trim() || defaultPopupTitle(request.type),
    ...(request.stay ? { stay: true } : {}),
  };
}

export type PopupStore = ReturnType<typeof createPopupStore>;

/** Popups wait in line: one is shown at a time, the next appears when it closes. */
export function createPopupStore() {
  let queue: Popup[] = [];
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  return {
    current: (): Popup | null => queue[0] ?? null,
    show(request: PopupRequest | Popup): Popup {
      const popup = 'id' in request ? request : toPopup(request);
      // The same popup (for example one handed over by the server) is never queued twice.
      if (!queue.some((queued) => queued.id === popup.id)) {
        queue = [...queue, popup];
        emit();
      }
      return popup;
    },
    close() {
      if (queue.length === 0) return;
      queue = queue.slice(1);
      emit();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

let browserPopupStore: PopupStore | undefined;

/** The page's one popup store in the browser; each server render gets its own. */
export function getPopupStore(): PopupStore {
  if (typeof window === 'undefined') return createPopupStore();
  browserPopupStore ??= createPopupStore();
  return browserPopupStore;
}
