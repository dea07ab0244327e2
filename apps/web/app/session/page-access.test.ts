import { describe, expect, it } from 'vitest';
import { canOpenPage, PERMISSION_DENIED_POPUP, permissionForPage } from './page-access';
import { NO_PERMISSIONS } from './permissions';

describe('canOpenPage', () => {
  it('opens ungarded pages to every member', () => {
    for (const path of ['/', '/about', '/profile', '/projects']) expect(canOpenPage(path, NO_PERMISSIONS)).toBe(true);
  });

  it('needs can_manage_users for /organization', () => {
    expect(canOpenPage('/organization', NO_PERMISSIONS)).toBe(false);
    expect(canOpenPage('/organization', { ...NO_PERMISSIONS, can_manage_projects: true })).toBe(false);
    expect(canOpenPage('/organization', { ...NO_PERMISSIONS, can_manage_users: true })).toBe(true);
  });

  it('needs can_manage_projects for /user-allocations', () => {
    expect(canOpenPage('/user-allocations', { ...NO_PERMISSIONS, can_manage_users: true })).toBe(false);
    expect(canOpenPage('/user-allocations', { ...NO_PERMISSIONS, can_manage_projects: true })).toBe(true);
  });

  it('treats permissions not loaded yet as none', () => {
    expect(canOpenPage('/organization', null)).toBe(false);
  });

  it('tells the visitor in an error popup', () => {
    expect(PERMISSION_DENIED_POPUP).toEqual({
      type: 'error',
      title: 'Error',
      message: 'You do not have permission to open this page.',
    });
  });
});

describe('permissionForPage', () => {
  it('reads route patterns with or without their leading slash', () => {
    expect(permissionForPage('organization')).toBe('can_manage_users');
    expect(permissionForPage('/user-allocations')).toBe('can_manage_projects');
    expect(permissionForPage('projects/:id')).toBeUndefined();
    expect(permissionForPage('/')).toBeUndefined();
  });
});
