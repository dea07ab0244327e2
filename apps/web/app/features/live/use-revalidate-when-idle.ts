// Loads the page's data again for a change someone else made, without getting in a navigation's way. Asked for while
// a navigation loads, React Router would interrupt that load and start it again, and what its first answer brought
// would be lost: a message handed over with a redirect ("Project deleted") is read from a cookie once, by that first
// answer. React shows the router's state a moment after the router has it, so the router itself is asked, and a
// change heard meanwhile waits until React has shown where the navigation went: a page still on screen may already
// have been left, and loading again then would replace the next page's data before it is ever shown.
import { use, useCallback, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext as DataRouterContext, useLocation, useNavigation } from 'react-router';

export function useRevalidateWhenIdle(): () => void {
  const router = use(DataRouterContext)?.router;
  if (!router) throw new Error('useRevalidateWhenIdle needs a data router');
  const { pathname } = useLocation();
  const idle = useNavigation().state === 'idle';
  const shownPath = useRef(pathname);
  const pending = useRef(false);

  const reloadIfStillHere = useCallback(() => {
    if (router.state.navigation.state !== 'idle') {
      pending.current = true;
      return;
    }
    // The router has moved on to another page, whose navigation loads (or loaded) its own data.
    if (router.state.location.pathname !== shownPath.current) return;
    void router.revalidate();
  }, [router]);

  useEffect(() => {
    shownPath.current = pathname;
  }, [pathname]);
  useEffect(() => {
    if (!idle || !pending.current) return;
    pending.current = false;
    reloadIfStillHere();
  }, [idle, reloadIfStillHere]);
  return reloadIfStillHere;
}
