import { useState } from 'react';

/**
 * Whether a dialog has been open at any time: a dialog whose code loads on demand is rendered from its first opening
 * on, and then stays mounted so that it closes with its transition.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Set while rendering (as React allows for state derived from props): the dialog mounts in this same render.
  if (open && !opened) setOpened(true);
  return opened || open;
}
