// Values one request carries through middleware, loaders and actions: its Supabase client, user and membership.
import { createContext, type RouterContextProvider } from 'react-router';
import { loadMembership, type Membership, type Permissions } from './permissions';
import type { SessionUser } from './session-user';
import type { TypedSupabaseClient } from '../types/supabase';

export const supabaseContext = createContext<TypedSupabaseClient>();
export const sessionUserContext = createContext<SessionUser | null>(null);
/** True while the session has passed its password but not yet its second factor; the user then counts as absent. */
export const secondFactorPendingContext = createContext<boolean>(false);
/** The visitor's network address as the HTTP server saw it (after its own trusted proxies, TRUST_PROXY). */
export const visitorAddressContext = createContext<string | null>(null);
/** Headers (session cookies, flash popups) added to whatever response the request ends with. */
export const responseHeadersContext = createContext<Headers>();

const membershipContext = createContext<Promise<Membership> | null>(null);

/** The user's membership row, read at most once per request however many guards and loaders ask. */
export function getRequestMembership(context: Readonly<RouterContextProvider>): Promise<Membership> | null {
  const user = context.get(sessionUserContext);
  if (!user) return null;
  let membership = context.get(membershipContext);
  if (!membership) {
    membership = loadMembership(context.get(supabaseContext), user.id);
    (context as RouterContextProvider).set(membershipContext, membership);
  }
  return membership;
}

/** The user's permissions, from the same single read as their membership. */
export function getRequestPermissions(context: Readonly<RouterContextProvider>): Promise<Permissions> | null {
  return getRequestMembership(context)?.then((membership) => membership.permissions) ?? null;
}
