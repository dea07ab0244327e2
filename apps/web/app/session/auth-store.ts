// The signed-in user, their membership and permissions as shared state: fed by the server's data and the client's
// session events.
import type { AuthChangeEvent } from '@supabase/supabase-js';
import { NO_PERMISSIONS, type Membership, type Permissions } from './permissions';
import type { SessionUser } from './session-user';

export type AuthSnapshot = {
  user: SessionUser | null;
  permissions: Permissions;
  /** True once the permissions of `user` are known (loaded, or found missing). Guards wait for it. */
  permissionsLoaded: boolean;
  /** Whether `user` has a membership row; null until loaded, or when it could not be read. */
  isMember: boolean | null;
};

/** What the server knew when it rendered: the user, and their membership when signed in. */
export type ServerAuthState = { user: SessionUser | null; membership: Membership | null };

export type AuthStore = ReturnType<typeof createAuthStore>;

const SIGNED_OUT: AuthSnapshot = {
  user: null,
  permissions: { ...NO_PERMISSIONS },
  permissionsLoaded: false,
  isMember: null,
};

function fromServer(server: ServerAuthState | undefined): AuthSnapshot {
  if (!server?.user) return SIGNED_OUT;
  return {
    user: server.user,
    permissions: { ...NO_PERMISSIONS, ...server.membership?.permissions },
    permissionsLoaded: server.membership !== null,
    isMember: server.membership?.isMember ?? null,
  };
}

function sameSnapshot(a: AuthSnapshot, b: AuthSnapshot): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * `loadMembershipFor` performs the one permission request; it never rejects (a failure means no permissions).
 * A load that finishes after a sign-out or a change of user is discarded.
 */
export function createAuthStore(loadMembershipFor: (userId: string) => Promise<Membership>, initial?: ServerAuthState) {
  let snapshot = fromServer(initial);
  let loadingFor: string | null = null;
  let generation = 0;
  const listeners = new Set<() => void>();

  /** Tells the subscribers only of real changes: each notice re-renders everything that shows who is signed in. */
  function publish(next: AuthSnapshot) {
    if (sameSnapshot(snapshot, next)) return;
    snapshot = next;
    listeners.forEach((listener) => listener());
  }

  function loadFor(user: SessionUser) {
    const thisLoad = ++generation;
    loadingFor = user.id;
    publish({ user, permissions: { ...NO_PERMISSIONS }, permissionsLoaded: false, isMember: null });
    void loadMembershipFor(user.id).then(({ permissions, isMember }) => {
      if (thisLoad !== generation) return;
      loadingFor = null;
      publish({ user: snapshot.user, permissions, permissionsLoaded: true, isMember });
    });
  }

  function signedOut() {
    generation++;
    loadingFor = null;
    publish(SIGNED_OUT);
  }

  function signedInAs(user: SessionUser) {
    const sameUser = snapshot.user?.id === user.id;
    if (sameUser && (snapshot.permissionsLoaded || loadingFor === user.id)) {
      publish({ ...snapshot, user });
      return;
    }
    loadFor(user);
  }

  return {
    getSnapshot: (): AuthSnapshot => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    /** Session events of the browser client. Permissions load once per signed-in user. */
    handleAuthEvent(event: AuthChangeEvent, user: SessionUser | null) {
      if (event === 'SIGNED_OUT') return signedOut();
      // Without a session the server's view stands: it re-checks the cookie on every navigation.
      if (!user) return;
      if (
        event === 'SIGNED_IN' ||
        event === 'INITIAL_SESSION' ||
        event === 'TOKEN_REFRESHED' ||
        event === 'USER_UPDATED' ||
        event === 'PASSWORD_RECOVERY'
      ) {
        signedInAs(user);
      }
    },

    /** The server rendered or revalidated: it read the session cookie, so its view of who is signed in wins. */
    syncFromServer(server: ServerAuthState) {
      if (!server.user) {
        if (snapshot.user) signedOut();
        return;
      }
      if (server.membership === null) return signedInAs(server.user);
      // The server just read them for this request, so they are at least as fresh as ours.
      const next = fromServer(server);
      generation++;
      loadingFor = null;
      publish(next);
    },

    /** Resolves once permissions are known, or at once when nobody is signed in. */
    whenPermissionsLoaded(): Promise<AuthSnapshot> {
      const ready = () => !snapshot.user || snapshot.permissionsLoaded;
      if (ready()) return Promise.resolve(snapshot);
      return new Promise((resolve) => {
        const listener = () => {
          if (!ready()) return;
          listeners.delete(listener);
          resolve(snapshot);
        };
        listeners.add(listener);
      });
    },
  };
}
