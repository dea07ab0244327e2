// Parts of a page made just after it hydrates rather than with it. Mantine's menus, tooltips and popovers set state
// as they mount (their anchor, their portal), so those made with the page draw themselves again in the task that
// finishes hydrating it, and make React run every effect of the page in that task too: a long one on a phone, before
// the page answers a tap. Their targets stand alone until then, looking the same; the swap comes in a transition.
import { startTransition, useEffect, useId, useState } from 'react';

/** The attribute that marks the element the swap replaces, so that its replacement can take over its focus. */
export const SWAPPED_ELEMENT = 'data-made-after-hydration';

/** The props of an element that may be swapped. */
export type Swappable = { [SWAPPED_ELEMENT]?: string };

const markedElement = (mark: string) => document.querySelector<HTMLElement>(`[${SWAPPED_ELEMENT}="${mark}"]`);
const hasFocus = (mark: string) => document.activeElement?.getAttribute(SWAPPED_ELEMENT) === mark;

/**
 * `made` is false in the page the server sends and while it hydrates, true just after. The element that is replaced
 * carries `SWAPPED_ELEMENT` = `mark`: focused when it is replaced, its replacement gets the focus. `makeNow` makes
 * it at once, from an event on the element that stands in meanwhile.
 */
export function useMadeAfterHydration(): { made: boolean; mark: string; makeNow: () => void } {
  const mark = useId();
  const [made, setMade] = useState(false);
  const [refocus, setRefocus] = useState(false);
  const makeNow = () => {
    setRefocus(hasFocus(mark));
    setMade(true);
  };
  useEffect(() => {
    const makeSoon = () =>
      startTransition(() => {
        setRefocus(hasFocus(mark));
        setMade(true);
      });
    makeSoon();
  }, [mark]);
  useEffect(() => {
    if (made && refocus) markedElement(mark)?.focus();
  }, [made, refocus, mark]);
  return { made, mark, makeNow };
}
