import { createNodeClient } from '@teamplan/supabase-node';
import { describe, expect, it, vi } from 'vitest';
import { loadMembership, NO_PERMISSIONS } from './permissions';

// A real supabase-js client over a fake network edge, so the test sees the exact request the app sends.
function clientAnswering(answer: () => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init));
    return answer();
  });
  const supabase = createNodeClient('http://backend.test', 'anon-key', {
    global: { fetch: fetchImpl as typeof fetch },
    db: { retry: false },
  });
  return { supabase, requests };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('loadMembership', () => {
  it('sends one GET for the three columns of the user row, limit 1, as a single object', async () => {
    const { supabase, requests } = clientAnswering(() =>
      json({ can_manage_users: true, can_manage_projects: false, can_manage_announcements: true }),
    );
    const membership = await loadMembership(supabase, 'user-1', () => {});
    expect(membership).toEqual({
      isMember: true,
      permissions: { can_manage_users: true, can_manage_projects: false, can_manage_announcements: true },
    });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    const url = new URL(request.url);
    expect(request.method).toBe('GET');
    expect(url.pathname).toBe('/rest/v1/organization_users');
    expect(url.searchParams.get('select')).toBe('can_manage_users,can_manage_projects,can_manage_announcements');
    expect(url.searchParams.get('user_id')).toBe('eq.user-1');
    expect(url.searchParams.get('limit')).toBe('1');
  });

  it('treats a missing row as a non-member with no permissions and logs it', async () => {
    const log = vi.fn();
    const { supabase } = clientAnswering(() => json([]));
    expect(await loadMembership(supabase, 'user-1', log)).toEqual({ isMember: false, permissions: NO_PERMISSIONS });
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('treats a failed request as no permissions and unknown membership, and logs it', async () => {
    const log = vi.fn();
    const { supabase } = clientAnswering(() =>
      json({ code: '42501', message: 'permission denied', details: null, hint: null }, 401),
    );
    expect(await loadMembership(supabase, 'user-1', log)).toEqual({ isMember: null, permissions: NO_PERMISSIONS });
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('treats a network failure as no permissions and unknown membership, and logs it', async () => {
    const log = vi.fn();
    const { supabase } = clientAnswering(() => Promise.reject(new TypeError('fetch failed')));
    expect(await loadMembership(supabase, 'user-1', log)).toEqual({ isMember: null, permissions: NO_PERMISSIONS });
    expect(log).toHaveBeenCalled();
  });

  it('reads null columns as false', async () => {
    const { supabase } = clientAnswering(() =>
      json({ can_manage_users: null, can_manage_projects: true, can_manage_announcements: null }),
    );
    expect((await loadMembership(supabase, 'user-1', () => {})).permissions).toEqual({
      can_manage_users: false,
      can_manage_projects: true,
      can_manage_announcements: false,
    });
  });
});
