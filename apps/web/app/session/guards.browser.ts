// Route guards in the browser: checked before a client navigation reaches the server, from the shared auth state.
import { redirect } from 'react-router';
import { getPopupStore } from '../lib/popup-store';
import { getBrowserAuthStore } from './auth-provider';
import { PERMISSION_DENIED_POPUP, permissionForPage } from './page-access';
import type { PermissionName } from './permissions';
import { HOME_PATH } from '../lib/redirects';

/**
 * Waits until the permissions are loaded, then sends a member without `permission` home with the error popup (and a
 * non-member home without it).
 * Without a known user it decides nothing: the server guard, which reads the session cookie, does.
 */
export function requirePermissionInBrowser(permission: PermissionName): () => Promise<void> {
  return async () => {
    const { user, permissions, isMember } = await getBrowserAuthStore().whenPermissionsLoaded();
    // Home tells a non-member whom to ask; a "no permission" popup on top would only confuse.
    if (user && isMember === false) throw redirect(HOME_PATH);
    if (user && !permissions[permission]) {
      getPopupStore().show(PERMISSION_DENIED_POPUP);
      throw redirect(HOME_PATH);
    }
  };
}

/** Every signed-in page, on a client navigation: the permission the page-permissions table names for it, if any. */
export async function requirePagePermissionInBrowser({ pattern }: { pattern: string }): Promise<void> {
  const permission = permissionForPage(pattern);
  if (permission) await requirePermissionInBrowser(permission)();
}
