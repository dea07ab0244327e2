// Row level security of invitations, announcements and the audit trail, as real users through the API: every
// role reads, creates, changes and removes, allowed and denied, checked afterwards with the service role.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../apps/backend/test/harness.ts';
import { castRoles, ROLES, type Role } from './roles.ts';

let h: Harness;
let service: SupabaseClient;
let clients: Record<Role, SupabaseClient>;
let counter = 0;
const uniqueAddress = () => `invitee.${++counter}@example.com`;

beforeAll(async () => {
  h = await createHarness();
  ({ service, clients } = await castRoles(h));
}, 120_000);
afterAll(() => h.close());

const isMember = (role: Role) => role !== 'anonymous' && role !== 'nonMember';
const isService = (role: Role) => role === 'service';

describe('invitations: only user managers', () => {
  const manages = (role: Role) => role === 'usersManager' || isService(role);

  it.each(ROLES)('reading as %s', async (role) => {
    await service.from('invitations').insert({ email: uniqueAddress() }).throwOnError();
    const { data } = await clients[role].from('invitations').select('id');
    const total = (await service.from('invitations').select('id')).data!.length;
    expect(data ?? []).toHaveLength(manages(role) ? total : 0);
  });

  it.each(ROLES)('inviting as %s', async (role) => {
    const email = uniqueAddress();
    const { error } = await clients[role].from('invitations').insert({ email, can_manage_projects: true });
    const { data } = await service.from('invitations').select('can_manage_projects').eq('email', email);
    if (manages(role)) {
      expect(error).toBeNull();
      expect(data).toEqual([{ can_manage_projects: true }]);
    } else {
      expect(error?.code).toBe('42501');
      expect(data).toEqual([]);
    }
  });

  it.each(ROLES)('resending and revoking as %s', async (role) => {
    const email = uniqueAddress();
    const { data: row } = await service
      .from('invitations')
      .insert({ email, sent_at: '2026-01-01T00:00:00Z' })
      .select('id')
      .single()
      .throwOnError();
    await clients[role].from('invitations').update({ sent_at: '2026-02-01T00:00:00Z' }).eq('id', row!.id);
    const { data: resent } = await service.from('invitations').select('sent_at').eq('id', row!.id).single();
    expect(new Date(resent!.sent_at).getUTCMonth()).toBe(manages(role) ? 1 : 0);
    await clients[role].from('invitations').delete().eq('id', row!.id);
    const { data: left } = await service.from('invitations').select('id').eq('id', row!.id);
    expect(left).toHaveLength(manages(role) ? 0 : 1);
  });
});

describe('announcements: members read what is published, announcement managers everything', () => {
  const manages = (role: Role) => role === 'announcementsManager' || isService(role);
  const hourFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
  const kinds = {
    published: { publish_at: hourFromNow(-1) },
    draft: { publish_at: null },
    scheduled: { publish_at: hourFromNow(24) },
    expired: { publish_at: hourFromNow(-48), expires_at: hourFromNow(-1) },
  };

  beforeAll(async () => {
    await service
      .from('announcements')
      .insert(Object.entries(kinds).map(([title, times]) => ({ title, body: `A ${title} announcement`, ...times })))
      .throwOnError();
  });

  it.each(ROLES)('reading as %s', async (role) => {
    const { data } = await clients[role].from('announcements').select('title').in('title', Object.keys(kinds));
    const seen = (data ?? []).map((row) => row.title).sort();
    const expected = manages(role) ? Object.keys(kinds).sort() : isMember(role) ? ['published'] : [];
    expect(seen).toEqual(expected);
  });

  it.each(ROLES)('writing, changing and deleting as %s', async (role) => {
    const title = `Written by ${role}`;
    const { error } = await clients[role].from('announcements').insert({ title, publish_at: hourFromNow(-1) });
    expect(error?.code ?? null).toBe(manages(role) ? null : '42501');

    const { data: target } = await service
      .from('announcements')
      .insert({ title: `Target of ${role}`, publish_at: hourFromNow(-1) })
      .select('id')
      .single()
      .throwOnError();
    await clients[role].from('announcements').update({ pinned: true }).eq('id', target!.id);
    const { data: changed } = await service.from('announcements').select('pinned').eq('id', target!.id).single();
    expect(changed!.pinned).toBe(manages(role));

    await clients[role].from('announcements').delete().eq('id', target!.id);
    const { data: left } = await service.from('announcements').select('id').eq('id', target!.id);
    expect(left).toHaveLength(manages(role) ? 0 : 1);
  });
});

describe('audit trail: user managers read it, nobody writes it', () => {
  beforeAll(async () => {
    await service.from('projects').insert({ name: 'Audited project' }).throwOnError();
  });

  it.each(ROLES)('reading as %s', async (role) => {
    const { data } = await clients[role].from('audit_log').select('id');
    const total = (await service.from('audit_log').select('id')).data!.length;
    expect(total).toBeGreaterThan(0);
    expect(data ?? []).toHaveLength(role === 'usersManager' || isService(role) ? total : 0);
  });

  it.each(ROLES)('adding, changing and deleting as %s are refused', async (role) => {
    const { data: before } = await service.from('audit_log').select('*').order('id');
    const forged = { table_name: 'projects', record_id: 'forged', action: 'insert' };
    const inserted = await clients[role].from('audit_log').insert(forged);
    const changed = await clients[role].from('audit_log').update({ actor_email: 'someone@else' }).gt('id', 0);
    const deleted = await clients[role].from('audit_log').delete().gt('id', 0);
    expect(inserted.error?.code).toBe('42501');
    // Without read access an update or delete matches no rows; with it, the table refuses.
    for (const result of [changed, deleted]) if (result.error) expect(result.error.code).toBe('42501');
    const { data: after } = await service.from('audit_log').select('*').order('id');
    expect(after).toEqual(before);
  });
});
