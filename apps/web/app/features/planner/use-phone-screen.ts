// Whether the screen is a phone's (the planner then shows its day-by-day agenda). Unknown (undefined) while the page
// is rendered on the server and hydrated: the server cannot tell, so the page is rendered as for a wide screen, and
// the planner waits for the answer before it loads a plan, rather than loading one for the wrong view and then the
// right one.
import { startTransition, useEffect, useState } from 'react';

const PHONE_SCREEN = '(max-width: 48em)';

/** Known at once on a page the browser already runs (reached by navigating in the app); unknown while hydrating. */
function screenNow(): boolean | undefined {
  if (typeof document === 'undefined' || !document.documentElement.hasAttribute('data-hydrated')) return undefined;
  return window.matchMedia(PHONE_SCREEN).matches;
}

export function usePhoneScreen(): boolean | undefined {
  const [phone, setPhone] = useState(screenNow);
  useEffect(() => {
    const screen = window.matchMedia(PHONE_SCREEN);
    // A transition: a page hydrated as for a wide screen is drawn again for the phone in slices, between which it
    // answers input, rather than in one long task as soon as it has hydrated.
    const update = () => startTransition(() => setPhone(screen.matches));
    update();
    screen.addEventListener('change', update);
    return () => screen.removeEventListener('change', update);
  }, []);
  return phone;
}
