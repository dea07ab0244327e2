import { describe, expect, it, vi } from 'vitest';
import { NO_PERMISSIONS, type Membership, type Permissions } from './permissions';
import type { SessionUser } from './session-user';
import { createAuthStore } from './auth-store';

const ada: SessionUser = { id: 'ada', email: 'ada@example.com', phone: null, fullName: 'Ada', avatarUrl: null };
const bob: SessionUser = { ...ada, id: 'bob', fullName: 'Bob' };
const manager: Permissions = { can_manage_users: true, can_manage_projects: true, can_manage_announcements: false };
const asManager: Membership = { isMember: true, permissions: manager };
const asNonMember: Membership = { isMember: false, permissions: NO_PERMISSIONS };
const signedOut = { user: null, permissions: NO_PERMISSIONS, permissionsLoaded: false, isMember: null };

function deferredLoader() {
  const pending = new Map<string, (membership: Membership) => void>();
  const load = vi.fn((userId: string) => new Promise<Membership>((resolve) => pending.set(userId, resolve)));
  return { load, resolve: (userId: string, membership: Membership) => pending.get(userId)?.(membership) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createAuthStore', () => {
  it('starts empty: no user, all permissions false, not loaded, membership unknown', () => {
    const store = createAuthStore(vi.fn());
    expect(store.getSnapshot()).toEqual(signedOut);
  });

  it('loads permissions once after sign-in', async () => {
    const loader = deferredLoader();
    const store = createAuthStore(loader.load);
    store.handleAuthEvent('SIGNED_IN', ada);
    store.handleAuthEvent('SIGNED_IN', ada);
    store.handleAuthEvent('TOKEN_REFRESHED', ada);
    expect(store.getSnapshot()).toMatchObject({ user: ada, permissionsLoaded: false });
    loader.resolve('ada', asManager);
    await flush();
    store.handleAuthEvent('USER_UPDATED', { ...ada, fullName: 'Ada L.' });
    expect(loader.load).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toEqual({
      user: { ...ada, fullName: 'Ada L.' },
      permissions: manager,
      permissionsLoaded: true,
      isMember: true,
    });
  });

  it('resets all permissions and clears the loaded flag on sign-out', async () => {
    const store = createAuthStore(async () => asManager);
    store.handleAuthEvent('SIGNED_IN', ada);
    await flush();
    store.handleAuthEvent('SIGNED_OUT', null);
    expect(store.getSnapshot()).toEqual(signedOut);
  });

  it('discards a load that finishes after sign-out', async () => {
    const loader = deferredLoader();
    const store = createAuthStore(loader.load);
    store.handleAuthEvent('SIGNED_IN', ada);
    store.handleAuthEvent('SIGNED_OUT', null);
    loader.resolve('ada', asManager);
    await flush();
    expect(store.getSnapshot()).toEqual(signedOut);
  });

  it('loads again for a different user', async () => {
    const loader = deferredLoader();
    const store = createAuthStore(loader.load);
    store.handleAuthEvent('SIGNED_IN', ada);
    store.handleAuthEvent('SIGNED_IN', bob);
    loader.resolve('ada', asManager);
    loader.resolve('bob', { isMember: true, permissions: NO_PERMISSIONS });
    await flush();
    expect(loader.load).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot()).toEqual({
      user: bob,
      permissions: NO_PERMISSIONS,
      permissionsLoaded: true,
      isMember: true,
    });
  });

  it('starts from what the server rendered without loading again', () => {
    const load = vi.fn();
    const store = createAuthStore(load, { user: ada, membership: asManager });
    store.handleAuthEvent('SIGNED_IN', ada);
    store.handleAuthEvent('INITIAL_SESSION', ada);
    expect(load).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toEqual({ user: ada, permissions: manager, permissionsLoaded: true, isMember: true });
  });

  it('tells its subscribers nothing when an event changes nothing: they would all render again for it', () => {
    const store = createAuthStore(vi.fn(), { user: ada, membership: asManager });
    const listener = vi.fn();
    store.subscribe(listener);
    const before = store.getSnapshot();
    store.handleAuthEvent('INITIAL_SESSION', { ...ada });
    store.handleAuthEvent('TOKEN_REFRESHED', { ...ada });
    store.syncFromServer({ user: { ...ada }, membership: asManager });
    expect(listener).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toBe(before);
    store.handleAuthEvent('USER_UPDATED', { ...ada, fullName: 'Ada Lovelace' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('follows the server when it no longer sees a session', () => {
    const store = createAuthStore(vi.fn(), { user: ada, membership: asManager });
    store.syncFromServer({ user: null, membership: null });
    expect(store.getSnapshot()).toEqual(signedOut);
  });

  it('takes the permissions the server just read', () => {
    const store = createAuthStore(vi.fn(), { user: ada, membership: { isMember: true, permissions: NO_PERMISSIONS } });
    store.syncFromServer({ user: ada, membership: asManager });
    expect(store.getSnapshot().permissions).toEqual(manager);
  });

  it('ignores a browser event without a session (the server decides)', () => {
    const store = createAuthStore(vi.fn(), { user: ada, membership: asManager });
    store.handleAuthEvent('INITIAL_SESSION', null);
    expect(store.getSnapshot().user).toEqual(ada);
  });

  it('knows a signed-in user without a membership row is not a member', async () => {
    const store = createAuthStore(async () => asNonMember);
    store.handleAuthEvent('SIGNED_IN', ada);
    await flush();
    expect(store.getSnapshot()).toEqual({
      user: ada,
      permissions: NO_PERMISSIONS,
      permissionsLoaded: true,
      isMember: false,
    });
  });

  it('takes membership from what the server rendered', () => {
    const store = createAuthStore(vi.fn(), { user: ada, membership: asNonMember });
    expect(store.getSnapshot()).toMatchObject({ isMember: false, permissionsLoaded: true });
  });

  it('lets guards wait until permissions are loaded', async () => {
    const loader = deferredLoader();
    const store = createAuthStore(loader.load);
    store.handleAuthEvent('SIGNED_IN', ada);
    const waiting = store.whenPermissionsLoaded();
    let settled = false;
    void waiting.then(() => (settled = true));
    await flush();
    expect(settled).toBe(false);
    loader.resolve('ada', asManager);
    expect((await waiting).permissions).toEqual(manager);
  });

  it('does not make guards wait when nobody is signed in', async () => {
    const store = createAuthStore(vi.fn());
    expect((await store.whenPermissionsLoaded()).user).toBeNull();
  });
});
