// Whether the screen is a phone's (the planner then shows its day-by-day agenda). Unknown (undefined) while the page
// is rendered on the server and hydrated: the server cannot tell, so the page is rendered as for a wide screen, and
// the planner waits for the answer before it loads a plan, rather than loading one for the wrong view and then the
// right one.
import { useSyncExternalStore } from 'react';

const PHONE_SCREEN = '(max-width: 48em)';

function subscribe(onChange: () => void) {
  const screen = window.matchMedia(PHONE_SCREEN);
  screen.addEventListener('change', onChange);
  return () => screen.removeEventListener('change', onChange);
}

export function usePhoneScreen(): boolean | undefined {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_SCREEN).matches,
    () => undefined,
  );
}
