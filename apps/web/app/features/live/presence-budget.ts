// Supabase Realtime lets a channel send 5 presence updates in 30 seconds and closes the channel on the sixth
// ("Client presence rate limit exceeded"), after which realtime-js does not join again: the page would stop following
// the plan. Updates go out at once while the budget lasts; past it the newest one waits for room, so the others
// always end up seeing the latest state. One that repeats what was last sent is not sent.

/** Realtime's allowance per channel. */
export const PRESENCE_UPDATES = 5;
/** Realtime's window, with a second to spare: the server counts arrivals, which can bunch up after sending. */
export const PRESENCE_WINDOW_MS = 31_000;

export interface PresenceBudget<T> {
  /** Sends `state` now if the budget allows, else once it does (unless a newer state replaces it meanwhile). */
  update(state: T): void;
  /** Stops sending; a state waiting is dropped. */
  stop(): void;
}

export function presenceBudget<T>(send: (state: T) => void, now: () => number = Date.now): PresenceBudget<T> {
  const sentAt: number[] = [];
  let lastSent: string | undefined;
  let waiting: { state: T; key: string } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    timer = undefined;
    if (!waiting) return;
    const time = now();
    while (sentAt.length > 0 && sentAt[0] <= time - PRESENCE_WINDOW_MS) sentAt.shift();
    if (sentAt.length >= PRESENCE_UPDATES) {
      timer = setTimeout(flush, sentAt[0] + PRESENCE_WINDOW_MS - time);
      return;
    }
    const { state, key } = waiting;
    waiting = undefined;
    sentAt.push(time);
    lastSent = key;
    send(state);
  };

  return {
    update(state) {
      const key = JSON.stringify(state);
      if (key === lastSent) {
        // Back to what the others already see: whatever was waiting need not go.
        waiting = undefined;
        return;
      }
      waiting = { state, key };
      if (timer === undefined) flush();
    },
    stop() {
      waiting = undefined;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
