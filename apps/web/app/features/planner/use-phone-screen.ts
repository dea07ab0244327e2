// Whether the screen is a phone's (the planner then shows its day-by-day agenda). The server cannot see the screen:
// it renders the page as its request's headers suggest (ui/phone-hint.ts), and the page keeps that guess while it
// hydrates, so that a phone hydrates the phone's page rather than the wide one it would at once take apart again. Once
// the page runs, the screen decides. Unknown (undefined) only where there is no guess either.
import { startTransition, use, useEffect, useState } from 'react';
import { PhoneHintContext } from '../../ui/phone-hint';

const PHONE_SCREEN = '(max-width: 48em)';

/** Known at once on a page the browser already runs (reached by navigating in the app); the guess while hydrating. */
function screenNow(): boolean | undefined {
  if (typeof document === 'undefined' || !document.documentElement.hasAttribute('data-hydrated')) return undefined;
  return window.matchMedia(PHONE_SCREEN).matches;
}

export function usePhoneScreen(): boolean | undefined {
  const guess = use(PhoneHintContext);
  const [phone, setPhone] = useState(() => screenNow() ?? guess ?? undefined);
  useEffect(() => {
    const screen = window.matchMedia(PHONE_SCREEN);
    // A transition: a page hydrated for the other kind of screen is drawn again in slices, between which it answers
    // input, rather than in one long task as soon as it has hydrated.
    const update = () => startTransition(() => setPhone(screen.matches));
    update();
    screen.addEventListener('change', update);
    return () => screen.removeEventListener('change', update);
  }, []);
  return phone;
}
