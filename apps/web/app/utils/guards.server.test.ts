import type { SupabaseClient } from '@supabase/supabase-js';
import { RouterContextProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { requirePermission, requireSignedIn, requireSignedOut } from './guards.server';
import type { Permissions } from './permissions';
import { sessionUserContext, supabaseContext } from './request-context.server';
import type { SessionUser } from './session-user';

const member: SessionUser = { id: 'u1', email: 'max@example.com', phone: null, fullName: 'Max', avatarUrl: null };

/** A Supabase client whose only table answers with `row` (or nothing). */
function fakeSupabase(row: Partial<Permissions> | null) {
  const maybeSingle = vi.fn(async () => ({ data: row, error: null }));
  const chain = { select: () => chain, eq: () => chain, limit: () => chain, maybeSingle };
  return { client: { from: vi.fn(() => chain) } as unknown as SupabaseClient, maybeSingle };
}

function argsFor(url: string, user: SessionUser | null, row: Partial<Permissions> | null = null, params = {}) {
  const context = new RouterContextProvider();
  context.set(sessionUserContext, user);
  const supabase = fakeSupabase(row);
  context.set(supabaseContext, supabase.client);
  const args = { request: new Request(url), context, params, unstable_pattern: '' } as never;
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
    expect((await outcome(() => requirePermission('can_manage_projects')(args, next)))?.headers.get('Location')).toBe('/');
  });

  it('reads the permissions once per request', async () => {
    const { args, supabase } = argsFor('http://app.test/organization', member, { can_manage_users: true, can_manage_projects: true });
    await requirePermission('can_manage_users')(args, next);
    await requirePermission('can_manage_projects')(args, next);
    expect(supabase.maybeSingle).toHaveBeenCalledTimes(1);
  });
});
