// The live plan through Realtime, as the web app uses it: members join the private topic `plan`, hear each change to
// what the planner shows (made by anyone, through the data API), and see who else is there; a signed-in person who is
// not a member, and an anonymous visitor, are refused.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { createNodeClient } from '@teamplan/supabase-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_SUPABASE_DIR } from '../../apps/backend/test/harness.ts';
import { startRealtimeBackend, type RealtimeBackend } from '../../apps/backend/test/realtime/backend.ts';
import { until } from '../../apps/backend/test/wait.ts';

/** Changes travel through the database and a socket: ten seconds leaves room for a busy machine. */
const waitFor = (check: () => boolean) => until(check, 10_000);

const PASSWORD = 'correct-horse-42';
let rt: RealtimeBackend;
let admin: SupabaseClient;
let member: SupabaseClient;
let stranger: SupabaseClient;

async function signedUp(email: string, fullName: string): Promise<SupabaseClient> {
  const client = createNodeClient(rt.url, rt.backend.deps.keys.anonKey);
  const { error } = await client.auth.signUp({ email, password: PASSWORD, options: { data: { full_name: fullName } } });
  if (error) throw error;
  await client.realtime.setAuth();
  return client;
}

async function join(
  client: SupabaseClient,
  onChange?: (payload: Record<string, unknown>) => void,
): Promise<RealtimeChannel> {
  // A client has one channel per topic: a new join replaces the one an earlier test made.
  await client.removeAllChannels();
  const channel = client.channel('plan', { config: { private: true, presence: { key: 'me' } } });
  if (onChange) channel.on('broadcast', { event: 'plan_changed' }, ({ payload }) => onChange(payload));
  // Presence is sent to a channel that listens for it, as the web app's does.
  channel.on('presence', { event: 'sync' }, () => {});
  return new Promise((resolve, reject) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve(channel);
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    }),
  );
}

beforeAll(async () => {
  rt = await startRealtimeBackend({ SUPABASE_DIR: REPO_SUPABASE_DIR });
  admin = await signedUp('admin@example.com', 'Ada Admin');
  await rt.backend.deps.db.query('update public.organization set open_signup = true');
  member = await signedUp('member@example.com', 'Mo Member');
  stranger = await signedUp('stranger@example.com', 'Stan Stranger');
  // Removed from the organization: still signed in, no longer a member.
  const strangerId = (await stranger.auth.getUser()).data.user!.id;
  await rt.backend.deps.db.query('delete from public.organization_users where user_id = $1', [strangerId]);
}, 120_000);
afterAll(async () => {
  for (const client of [admin, member, stranger]) await client?.removeAllChannels();
  await rt?.stop();
});

describe('the live plan', () => {
  it('tells a member of each change anyone makes to projects and allocations', async () => {
    const heard: Array<Record<string, unknown>> = [];
    await join(member, (payload) => heard.push(payload));
    const { data: project } = await admin
      .from('projects')
      .insert({ name: 'Live' })
      .select('id')
      .single()
      .throwOnError();
    await waitFor(() => heard.some((message) => message.table === 'projects'));
    const me = (await member.auth.getUser()).data.user!.id;
    await admin
      .from('allocations')
      .insert({
        project_id: project.id,
        user_id: me,
        start_date: '2026-12-01',
        end_date: '2026-12-04',
        hours_per_day: 4,
      })
      .throwOnError();
    await waitFor(() => heard.some((message) => message.table === 'allocations'));
    const adminId = (await admin.auth.getUser()).data.user!.id;
    expect(heard.find((message) => message.table === 'allocations')).toEqual({
      table: 'allocations',
      operation: 'insert',
      by: adminId,
    });
  });

  it('shows members who else is there', async () => {
    const channel = await join(admin);
    expect(await channel.track({ name: 'Ada Admin', page: 'planner' })).toBe('ok');
    const watching = await join(member);
    await waitFor(() =>
      Object.values(watching.presenceState<{ name: string }>()).some((metas) =>
        metas.some((meta) => meta.name === 'Ada Admin'),
      ),
    );
  });

  it('refuses people outside the organization and anonymous visitors', async () => {
    await expect(join(stranger)).rejects.toThrow(/Unauthorized/);
    const anonymous = createNodeClient(rt.url, rt.backend.deps.keys.anonKey);
    await expect(join(anonymous)).rejects.toThrow(/Unauthorized|permissions/);
    await anonymous.removeAllChannels();
  });
});
