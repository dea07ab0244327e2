// Shares the auth store with components and keeps it in step with server data and the browser's session events.
import { createContext, use, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { needsSecondFactor } from './second-factor';
import { loadMembership, NO_PERMISSIONS } from './permissions';
import { toSessionUser } from './session-user';
import { loadBrowserSupabase } from './supabase.lazy';
import { createAuthStore, type AuthSnapshot, type AuthStore, type ServerAuthState } from './auth-store';

const AuthContext = createContext<AuthStore | null>(null);

let browserAuthStore: AuthStore | undefined;

/** The page's one store in the browser (client guards read it too); `initial` only counts on first call. */
export function getBrowserAuthStore(initial?: ServerAuthState): AuthStore {
  browserAuthStore ??= createAuthStore(async (userId) => loadMembership(await loadBrowserSupabase(), userId), initial);
  return browserAuthStore;
}

export function AuthProvider({ server, children }: { server: ServerAuthState; children: ReactNode }) {
  const [store] = useState(() =>
    typeof window === 'undefined'
      ? createAuthStore(async () => ({ isMember: null, permissions: { ...NO_PERMISSIONS } }), server)
      : getBrowserAuthStore(server),
  );

  useEffect(() => store.syncFromServer(server), [store, server]);

  useEffect(() => {
    let unsubscribe: (() => void) | null = null;
    let stopped = false;
    void loadBrowserSupabase().then((supabase) => {
      if (stopped) return;
      const { data } = supabase.auth.onAuthStateChange((event, session) => {
        // A session still owing its second factor is not signed in yet: the code step finishes it (and the server
        // says so).
        const signedIn = session?.user && !needsSecondFactor(session.access_token, session.user);
        const user = signedIn ? toSessionUser(session.user) : null;
        // supabase-js holds its auth lock while it notifies; the permission query must wait until it is released.
        setTimeout(() => store.handleAuthEvent(event, user), 0);
      });
      unsubscribe = () => data.subscription.unsubscribe();
    });
    return () => {
      stopped = true;
      unsubscribe?.();
    };
  }, [store]);

  return <AuthContext value={store}>{children}</AuthContext>;
}

export function useAuth(): AuthSnapshot {
  const store = use(AuthContext);
  if (!store) throw new Error('useAuth must be used inside AuthProvider');
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
