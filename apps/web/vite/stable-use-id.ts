// Mantine's `useId` without the swap to a random id after mounting (see mantine-quiet-hydration.ts): the first id it
// gives, React's, for good. A string passed in wins, as in Mantine's.
import { useId as useReactId } from 'react';

export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
