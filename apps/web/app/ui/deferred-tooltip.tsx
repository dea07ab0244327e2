// A Mantine Tooltip made just after the page hydrates (see made-after-hydration.ts); a tooltip shows on hover, so
// nobody misses it before then.
import { Tooltip, type TooltipProps } from '@mantine/core';
import { cloneElement, type ReactElement } from 'react';
import { SWAPPED_ELEMENT, useMadeAfterHydration, type Swappable } from './made-after-hydration';

export function DeferredTooltip({ children, ...props }: TooltipProps & { children: ReactElement<Swappable> }) {
  const { made, mark } = useMadeAfterHydration();
  const target = cloneElement(children, { [SWAPPED_ELEMENT]: mark });
  return made ? <Tooltip {...props}>{target}</Tooltip> : target;
}
