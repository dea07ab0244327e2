import type { SupabaseClient } from '@supabase/supabase-js';
import { RouterContextProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  refuseNonMembers,
  requirePagePermission,
  requirePermission,
  requireSignedIn,
  requireSignedOut,
} from './guards.server';
import type { Permissions } from './permissions';
import { secondFactorPendingContext, sessionUserContext, supabaseContext } from './request-context.server';
import type { SessionUser } from './session-user';

const member: SessionUser = { id: 'u1', email: 'max@example.com', phone: null, fullName: 'Max', avatarUrl: null };

const contacts = [{ organization_name: 'Acme', full_name: 'Ada Admin', email: 'ada@example.com' }];

/** A Supabase client whose only table answers with `row` (or nothing), and whose access_contacts() with `contacts`. */
function fakeSupabase(row: Partial<Permissions> | null) {
  const maybeSingle = vi.fn(async () => ({ data: row, error: null }));
  const chain = { select: () => chain, eq: () => chain, limit: () => chain, maybeSingle };
  const rpc = vi.fn(async () => ({ data: contacts, error: null }));
  return { client: { from: vi.fn(() => chain), rpc } as unknown as SupabaseClient, maybeSingle, rpc };
}

function argsFor(
  url: string,
  user: SessionUser | null,
  row: Partial<Permissions> | null = null,
  params = {},
  { secondFactorPending = false } = {},
) {
  const context = new RouterContextProvider();
  context.set(sessionUserContext, user);
  context.set(secondFactorPendingContext, secondFactorPending);
  const supabase = fakeSupabase(row);
  context.set(supabaseContext, supabase.client);
  const args = { request: new Request(url), context, params, pattern: new URL(url).pathname } as never;
  return { args, supabase };
}

const next = async () => new Response(null);

async function outcome(run: () => unknown): Promise<Response | undefined> {
  try {
    await run();
    return undefined;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** What a guard threw with react-router's data(): the payload and its status. */
async function thrownData(run: () => unknown): Promise<{ data: unknown; init: ResponseInit | null } | undefined> {
  try {
    await run();
    return undefined;
  } catch (thrown) {
    if (thrown && typeof thrown === 'object' && 'init' in thrown) return thrown as never;
    throw thrown;
  }
}

const secondFactorPending = { secondFactorPending: true };

describe('requireSignedIn', () => {
  it('sends a visitor without a session to /login with the full path and query', async () => {
    const { args } = argsFor('http://app.test/projects?status=active', null);
    const response = await outcome(() => requireSignedIn(args, next));
    expect(response?.status).toBe(302);
    expect(response?.headers.get('Location')).toBe('/login?redirectTo=%2Fprojects%3Fstatus%3Dactive');
  });

  it('lets a member through', async () => {
    const { args } = argsFor('http://app.test/projects', member);
    expect(await outcome(() => requireSignedIn(args, next))).toBeUndefined();
  });

  it('leaves a URL that fails route validation to its 404, even signed out', async () => {
    const { args } = argsFor('http://app.test/projects/nope', null, null, { id: 'nope' });
    expect(await outcome(() => requireSignedIn(args, next))).toBeUndefined();
  });

  it('sends a session that still owes its second factor to the code step, remembering the page', async () => {
    const { args } = argsFor('http://app.test/projects?status=active', null, null, {}, secondFactorPending);
    const response = await outcome(() => requireSignedIn(args, next));
    expect(response?.headers.get('Location')).toBe('/login/code?redirectTo=%2Fprojects%3Fstatus%3Dactive');
  });
});

describe('requireSignedOut', () => {
  it('sends a signed-in user home', async () => {
    const { args } = argsFor('http://app.test/login', member);
    expect((await outcome(() => requireSignedOut(args, next)))?.headers.get('Location')).toBe('/');
  });

  it('lets a visitor without a session through', async () => {
    const { args } = argsFor('http://app.test/signup', null);
    expect(await outcome(() => requireSignedOut(args, next))).toBeUndefined();
  });

  it('sends a session that owes its second factor from /login to the code step, and lets it stay there', async () => {
    const onLogin = argsFor('http://app.test/login?redirectTo=%2Fprojects', null, null, {}, secondFactorPending);
    const response = await outcome(() => requireSignedOut(onLogin.args, next));
    expect(response?.headers.get('Location')).toBe('/login/code?redirectTo=%2Fprojects');
    const onCode = argsFor('http://app.test/login/code', null, null, {}, secondFactorPending);
    expect(await outcome(() => requireSignedOut(onCode.args, next))).toBeUndefined();
  });

  it('sends visitors without a half-finished sign-in from the code step to /login', async () => {
    const { args } = argsFor('http://app.test/login/code?redirectTo=%2Fprojects', null);
    expect((await outcome(() => requireSignedOut(args, next)))?.headers.get('Location')).toBe(
      '/login?redirectTo=%2Fprojects',
    );
    const signedIn = argsFor('http://app.test/login/code', member);
    expect((await outcome(() => requireSignedOut(signedIn.args, next)))?.headers.get('Location')).toBe('/');
  });

  it('keeps the message of a half-confirmed e-mail change as a popup on the way home', async () => {
    const { args } = argsFor('http://app.test/confirm?message=Confirm+the+other+link', member);
    const response = await outcome(() => requireSignedOut(args, next));
    expect(response?.headers.get('Location')).toBe('/');
    expect(response?.headers.get('Set-Cookie')).toMatch(/^teamplan-popup=/);
  });
});

describe('refuseNonMembers', () => {
  it('lets a member through', async () => {
    const { args } = argsFor('http://app.test/projects', member, { can_manage_projects: false });
    expect(await thrownData(() => refuseNonMembers(args))).toBeUndefined();
  });

  it('answers a signed-in non-member with 403 and whom to ask, on any page but the profile', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { args } = argsFor('http://app.test/projects', member, null);
    const thrown = await thrownData(() => refuseNonMembers(args));
    expect(thrown?.init?.status).toBe(403);
    expect(thrown?.data).toEqual({
      reason: 'not-a-member',
      organizationName: 'Acme',
      contacts: [{ name: 'Ada Admin', email: 'ada@example.com' }],
    });
    const profile = argsFor('http://app.test/profile', member, null);
    expect(await thrownData(() => refuseNonMembers(profile.args))).toBeUndefined();
  });

  it('does not take an unreadable membership for none', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { args, supabase } = argsFor('http://app.test/projects', member, null);
    supabase.maybeSingle.mockResolvedValueOnce({ data: null, error: { message: 'unavailable' } } as never);
    expect(await thrownData(() => refuseNonMembers(args))).toBeUndefined();
  });
});

describe('requirePermission', () => {
  it('lets a member with the permission through', async () => {
    const { args } = argsFor('http://app.test/organization', member, { can_manage_users: true });
    expect(await outcome(() => requirePermission('can_manage_users')(args, next))).toBeUndefined();
  });

  it('sends a member without it home, with the error popup for the next page', async () => {
    const { args } = argsFor('http://app.test/organization', member, { can_manage_projects: true });
    const response = await outcome(() => requirePermission('can_manage_users')(args, next));
    expect(response?.headers.get('Location')).toBe('/');
    expect(response?.headers.get('Set-Cookie')).toMatch(/^teamplan-popup=/);
  });

  it('treats a missing membership as no permission', async () => {
    const { args } = argsFor('http://app.test/user-allocations', member, null);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect((await outcome(() => requirePermission('can_manage_projects')(args, next)))?.headers.get('Location')).toBe(
      '/',
    );
  });

  it('reads the permissions once per request', async () => {
    const { args, supabase } = argsFor('http://app.test/organization', member, {
      can_manage_users: true,
      can_manage_projects: true,
    });
    await requirePermission('can_manage_users')(args, next);
    await requirePermission('can_manage_projects')(args, next);
    expect(supabase.maybeSingle).toHaveBeenCalledTimes(1);
  });
});

describe('requirePagePermission', () => {
  const withPattern = (args: object, pattern: string) => ({ ...args, pattern }) as never;

  it('asks for the permission the page-permissions table names for the matched route', async () => {
    const { args } = argsFor('http://app.test/Organization/', member, { can_manage_projects: true });
    const response = await outcome(() => requirePagePermission(withPattern(args, 'organization'), next));
    expect(response?.headers.get('Location')).toBe('/');
    const planner = argsFor('http://app.test/user-allocations', member, { can_manage_users: true });
    expect((await outcome(() => requirePagePermission(planner.args, next)))?.headers.get('Location')).toBe('/');
  });

  it('lets every member open a page the table does not name, without reading permissions', async () => {
    const { args, supabase } = argsFor('http://app.test/projects/5d6c9e0e-7a43-4a4e-9a39-5a0d7c1b9f10', member, null);
    expect(await outcome(() => requirePagePermission(withPattern(args, 'projects/:id'), next))).toBeUndefined();
    expect(supabase.maybeSingle).not.toHaveBeenCalled();
  });
});
