// Row level security as real users through the API: every table x role x operation, allowed and denied.
// Each case acts through supabase-js with the role's own session, then checks the outcome with the service role.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../apps/backend/test/harness.ts';
import { castRoles, ROLES, type Role } from './roles.ts';

let h: Harness;
let service: SupabaseClient;
let clients: Record<Role, SupabaseClient>;
let ids: Record<Role, string>;
let newAccount: (label: string) => Promise<{ client: SupabaseClient; id: string }>;
let bystander: string;

beforeAll(async () => {
  h = await createHarness();
  ({ service, clients, ids, newAccount } = await castRoles(h));
  bystander = (await newAccount('bystander')).id;
}, 120_000);
afterAll(() => h.close());

const visibleCount = async (role: Role, table: string) => {
  const { data, error } = await clients[role].from(table).select('*');
  expect(error).toBeNull();
  return data!.length;
};
const totalCount = async (table: string) => (await service.from(table).select('*')).data!.length;

describe('reading', () => {
  const cases: Array<[string, Role, 'all' | 'own' | 'none']> = [];
  for (const role of ROLES) {
    const member = role !== 'anonymous' && role !== 'nonMember';
    cases.push(['organization', role, member ? 'all' : 'none']);
    cases.push(['organization_users', role, member ? 'all' : 'none']);
    cases.push(['profiles', role, member ? 'all' : role === 'nonMember' ? 'own' : 'none']);
    cases.push(['projects', role, member ? 'all' : 'none']);
  }

  beforeAll(async () => {
    await service
      .from('projects')
      .insert([{ name: 'Visible project' }])
      .throwOnError();
  });

  it.each(cases)('%s as %s sees %s', async (table, role, expected) => {
    const seen = await visibleCount(role, table);
    const total = await totalCount(table);
    expect(total).toBeGreaterThan(0);
    expect(seen).toBe(expected === 'all' ? total : expected === 'own' ? 1 : 0);
  });
});

/** Who may write each table, per PRODUCT.md; the service role bypasses row level security. */
const WRITERS: Record<string, Role[]> = {
  organization: ['usersManager', 'service'],
  organization_users: ['usersManager', 'service'],
  projects: ['projectsManager', 'service'],
};

describe('creating', () => {
  it.each(ROLES.flatMap((role) => [['projects', role] as const, ['organization_users', role] as const]))(
    '%s as %s',
    async (table, role) => {
      const allowed = WRITERS[table].includes(role);
      const row: Record<string, string> =
        table === 'projects' ? { name: `Created by ${role}` } : { user_id: (await newAccount('joiner')).id };
      if (table === 'organization_users')
        await service
          .from(table)
          .delete()
          .eq('user_id', row.user_id as string);
      const { error } = await clients[role].from(table).insert(row);
      const key = table === 'projects' ? 'name' : 'user_id';
      const stored = await service.from(table).select('*').eq(key, row[key]);
      if (allowed) {
        expect(error).toBeNull();
        expect(stored.data).toHaveLength(1);
      } else {
        expect(error?.code).toBe('42501');
        expect(stored.data).toHaveLength(0);
      }
    },
  );

  it.each(ROLES.filter((role) => role !== 'service'))('organization as %s is refused', async (role) => {
    const { error } = await clients[role].from('organization').insert({ name: 'Second organization' });
    expect(error?.code).toBe('42501');
    expect(await totalCount('organization')).toBe(1);
  });
});

describe('changing', () => {
  it.each(ROLES)('a project as %s', async (role) => {
    const { data } = await service.from('projects').insert({ name: 'Before' }).select('id').single().throwOnError();
    await clients[role]
      .from('projects')
      .update({ name: `After ${role}` })
      .eq('id', data!.id);
    const { data: after } = await service.from('projects').select('name').eq('id', data!.id).single();
    expect(after!.name).toBe(WRITERS.projects.includes(role) ? `After ${role}` : 'Before');
  });

  it.each(ROLES)('the organization as %s', async (role) => {
    await service.from('organization').update({ name: 'Before' }).not('id', 'is', null).throwOnError();
    await clients[role]
      .from('organization')
      .update({ name: `After ${role}` })
      .not('id', 'is', null);
    const { data } = await service.from('organization').select('name').single();
    expect(data!.name).toBe(WRITERS.organization.includes(role) ? `After ${role}` : 'Before');
  });

  it.each(ROLES)("someone's permissions as %s", async (role) => {
    const target = await newAccount('target');
    await clients[role].from('organization_users').update({ can_manage_projects: true }).eq('user_id', target.id);
    const { data } = await service
      .from('organization_users')
      .select('can_manage_projects')
      .eq('user_id', target.id)
      .single();
    expect(data!.can_manage_projects).toBe(WRITERS.organization_users.includes(role));
  });

  it.each(ROLES.filter((role) => role !== 'anonymous' && role !== 'service'))('their own name as %s', async (role) => {
    const { error } = await clients[role]
      .from('profiles')
      .update({ full_name: `Renamed ${role}` })
      .eq('id', ids[role]);
    expect(error).toBeNull();
    const { data } = await service.from('profiles').select('full_name').eq('id', ids[role]).single();
    expect(data!.full_name).toBe(`Renamed ${role}`);
  });

  it.each(ROLES.filter((role) => role !== 'service'))("someone else's name as %s is refused", async (role) => {
    await clients[role].from('profiles').update({ full_name: 'Hijacked' }).eq('id', bystander);
    const { data } = await service.from('profiles').select('full_name').eq('id', bystander).single();
    expect(data!.full_name).not.toBe('Hijacked');
  });
});

describe('removing', () => {
  it.each(ROLES)('a project as %s', async (role) => {
    const { data } = await service.from('projects').insert({ name: 'Doomed' }).select('id').single().throwOnError();
    await clients[role].from('projects').delete().eq('id', data!.id);
    const { data: left } = await service.from('projects').select('id').eq('id', data!.id);
    expect(left).toHaveLength(WRITERS.projects.includes(role) ? 0 : 1);
  });

  it.each(ROLES)('a member as %s', async (role) => {
    const target = await newAccount('leaver');
    await clients[role].from('organization_users').delete().eq('user_id', target.id);
    const { data } = await service.from('organization_users').select('user_id').eq('user_id', target.id);
    expect(data).toHaveLength(WRITERS.organization_users.includes(role) ? 0 : 1);
  });
});
