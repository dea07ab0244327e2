// Which pages need which permission, and what a visitor without it is told. Shared by guards and the sidebar.
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
  const needed = PAGE_PERMISSIONS[path];
  return needed === undefined || permissions?.[needed] === true;
}
