// Values one request carries through middleware, loaders and actions: its Supabase client, user and permissions.
import type { SupabaseClient } from '@supabase/supabase-js';
import { createContext, type RouterContextProvider } from 'react-router';
import { loadPermissions, type Permissions } from './permissions';
import type { SessionUser } from './session-user';

export const supabaseContext = createContext<SupabaseClient>();
export const sessionUserContext = createContext<SessionUser | null>(null);
/** Headers (session cookies, flash popups) added to whatever response the request ends with. */
export const responseHeadersContext = createContext<Headers>();

const permissionsContext = createContext<Promise<Permissions> | null>(null);

/** The user's permissions, read at most once per request however many guards and loaders ask. */
export function getRequestPermissions(context: Readonly<RouterContextProvider>): Promise<Permissions> | null {
  const user = context.get(sessionUserContext);
  if (!user) return null;
  let permissions = context.get(permissionsContext);
  if (!permissions) {
    permissions = loadPermissions(context.get(supabaseContext), user.id);
    (context as RouterContextProvider).set(permissionsContext, permissions);
  }
  return permissions;
}
