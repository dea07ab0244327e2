// Which pages need which permission, and what a visitor without it is told: the one table the server guard, the
// browser guard and the sidebar all read.
import type { PopupRequest } from '../lib/popup-store';
import type { PermissionName, Permissions } from './permissions';

/** org-manage opens /organization, projects-manage opens /user-allocations; every other page needs only a session. */
export const PAGE_PERMISSIONS: Readonly<Record<string, PermissionName>> = {
  '/organization': 'can_manage_users',
  '/user-allocations': 'can_manage_projects',
};

export const PERMISSION_DENIED_POPUP: PopupRequest = {
  type: 'error',
  title: 'Error',
  message: 'You do not have permission to open this page.',
};

/** Whether the page is open to someone with these permissions (unknown permissions count as none). */
export function canOpenPage(path: string, permissions: Permissions | null): boolean {
  const needed = permissionForPage(path);
  return needed === undefined || permissions?.[needed] === true;
}

/**
 * The permission a page needs, or undefined for a page open to every member. Guards pass the route pattern React
 * Router matched ('user-allocations', 'projects/:id'), never the raw path, which may differ in case or slashes.
 */
export function permissionForPage(pathOrPattern: string): PermissionName | undefined {
  return PAGE_PERMISSIONS[`/${pathOrPattern.replace(/^\/+/, '')}`];
}
