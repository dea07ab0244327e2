// Two backend processes on one PostgreSQL behind HAProxy are one Supabase: a user's day goes through the load
// balancer (sign-up, sign-in, refresh, reads and writes), tokens from one process are taken by the other, a change
// and a presence made through one reach realtime subscribers of the other, and when one process is killed the user
// carries on through the other. PostgreSQL only: an embedded database belongs to a single
// process by design (its folder is locked), so the PGlite run has nothing to test here.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createNodeClient } from '@teamplan/supabase-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabaseUrl } from '../harness.ts';
import { startBackendProcess, type BackendProcess } from '../resilience/backend-process.ts';
import { startLoadBalancer, type LoadBalancer } from './haproxy.ts';
import { until } from '../wait.ts';

/** Changes travel through the database and a socket: ten seconds leaves room for a busy machine. */
const waitFor = (check: () => boolean) => until(check, 10_000);

const PASSWORD = 'correct-horse-42';

describe.skipIf(!process.env.TEST_DATABASE_URL)('two backend processes behind a load balancer', () => {
  const folders = [1, 2].map(() => mkdtempSync(path.join(tmpdir(), 'teamplan-replica-')));
  let scratch: Awaited<ReturnType<typeof scratchDatabaseUrl>>;
  let backends: BackendProcess[];
  let balancer: LoadBalancer;
  const client = (url: string, key: string): SupabaseClient =>
    createNodeClient(url, key, { auth: { persistSession: false, autoRefreshToken: false } });

  beforeAll(async () => {
    scratch = await scratchDatabaseUrl();
    // Started together: the migrations and the keys are made once, whichever process comes first.
    backends = await Promise.all(
      folders.map((dir) => startBackendProcess({ DATABASE_URL: scratch.url!, DATA_DIR: dir })),
    );
    balancer = await startLoadBalancer(backends.map((backend) => backend.url));
  }, 120_000);

  afterAll(async () => {
    await balancer?.stop();
    await Promise.all((backends ?? []).map((backend) => backend.stop()));
    await scratch?.drop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('hands out the same API keys from every process', () => {
    expect(backends[1].anonKey).toBe(backends[0].anonKey);
    expect(backends[1].serviceRoleKey).toBe(backends[0].serviceRoleKey);
  });

  it('takes tokens issued by one process at the other', async () => {
    const [one, two] = backends;
    const first = client(one.url, one.anonKey);
    const { data: signedUp, error } = await first.auth.signUp({ email: 'ada@example.com', password: PASSWORD });
    expect(error).toBeNull();
    expect(signedUp.session).not.toBeNull();

    const second = client(two.url, two.anonKey);
    await second.auth.setSession(signedUp.session!);
    const { data: user } = await second.auth.getUser();
    expect(user.user?.email).toBe('ada@example.com');
    const { data: refreshed, error: refreshError } = await second.auth.refreshSession();
    expect(refreshError).toBeNull();
    const { error: readError } = await second.from('projects').select('id');
    expect(readError).toBeNull();

    // The refresh token process two handed out goes on at process one: the token family lives in the database.
    const { error: current } = await first.auth.refreshSession({ refresh_token: refreshed.session!.refresh_token });
    expect(current).toBeNull();
  });

  it('delivers a change written through one process, and presence, to subscribers of the other', async () => {
    const [one, two] = backends;
    const ada = client(one.url, one.anonKey);
    await ada.auth.signInWithPassword({ email: 'ada@example.com', password: PASSWORD });
    const cy = client(two.url, two.anonKey);
    const { error } = await cy.auth.signUp({ email: 'cy@example.com', password: PASSWORD });
    expect(error).toBeNull();
    const join = async (who: SupabaseClient, heard: unknown[]) => {
      await who.realtime.setAuth();
      const channel = who
        .channel('plan', { config: { private: true, presence: { key: (await who.auth.getUser()).data.user!.id } } })
        .on('broadcast', { event: 'plan_changed' }, ({ payload }) => heard.push(payload))
        .on('presence', { event: 'sync' }, () => {});
      await new Promise<void>((resolve, reject) =>
        channel.subscribe((status, failure) => {
          if (status === 'SUBSCRIBED') resolve();
          else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(failure ?? new Error(status));
        }),
      );
      return channel;
    };
    const heardByAda: unknown[] = [];
    const adaChannel = await join(ada, heardByAda);
    await adaChannel.track({ name: 'Ada' });
    const cyChannel = await join(cy, []);

    const cyId = (await cy.auth.getUser()).data.user!.id;
    await cy.from('profiles').update({ full_name: 'Cy' }).eq('id', cyId).throwOnError();
    await waitFor(() => heardByAda.some((message) => (message as { table?: string }).table === 'profiles'));
    await waitFor(() =>
      Object.values(cyChannel.presenceState<{ name: string }>()).some((metas) => metas.some((m) => m.name === 'Ada')),
    );
    await ada.removeAllChannels();
    await cy.removeAllChannels();
  });

  it("carries a user's day through the balancer, and on when one process is killed", async () => {
    const user = client(balancer.url, backends[0].anonKey);
    const day = async (label: string) => {
      const { error: signInError } = await user.auth.signInWithPassword({
        email: 'bo@example.com',
        password: PASSWORD,
      });
      expect(signInError).toBeNull();
      const me = (await user.auth.getUser()).data.user!.id;
      const profile = () => user.from('profiles').select('full_name').eq('id', me).single().throwOnError();
      for (let step = 0; step < 4; step++) {
        const { error: refreshError } = await user.auth.refreshSession();
        expect(refreshError).toBeNull();
        expect((await profile()).data).toBeTruthy();
        await user
          .from('profiles')
          .update({ full_name: `Bo ${label} ${step}` })
          .eq('id', me)
          .throwOnError();
      }
      expect((await profile()).data.full_name).toBe(`Bo ${label} 3`);
    };

    const { error } = await user.auth.signUp({
      email: 'bo@example.com',
      password: PASSWORD,
      options: { data: { full_name: 'Bo' } },
    });
    expect(error).toBeNull();
    await day('together');

    await backends[0].stop('SIGKILL');
    await day('alone');
    expect(backends[1].exit()).toBeUndefined();
  });
});
