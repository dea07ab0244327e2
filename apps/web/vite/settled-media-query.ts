// Mantine's `useMediaQuery` starting from false rather than undefined (see mantine-quiet-hydration.ts): it reports
// both as false, so the first render is the same, and a query that does not match needs no second one. The
// `initialValue` and `getInitialValueInEffect` options mean what they mean in Mantine's.
import { useEffect, useState } from 'react';

function matchesNow(query: string): boolean {
  try {
    return typeof window !== 'undefined' && 'matchMedia' in window && window.matchMedia(query).matches;
  } catch {
    return false;
  }
}

export function useMediaQuery(
  query: string,
  initialValue?: boolean,
  { getInitialValueInEffect }: { getInitialValueInEffect: boolean } = { getInitialValueInEffect: true },
): boolean {
  const [matches, setMatches] = useState(() =>
    getInitialValueInEffect ? (initialValue ?? false) : (initialValue ?? matchesNow(query)),
  );
  useEffect(() => {
    if (typeof window === 'undefined' || !('matchMedia' in window)) return;
    let media: MediaQueryList;
    try {
      media = window.matchMedia(query);
    } catch {
      return;
    }
    setMatches(media.matches);
    const follow = (event: MediaQueryListEvent) => setMatches(event.matches);
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, [query]);
  return matches;
}
