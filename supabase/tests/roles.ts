// The cast of the RLS tests: one signed-in client per role (anonymous, non-member, member, a member with each
// permission, the service role), all real accounts signed in through the auth API of one test backend.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Harness } from '../../apps/backend/test/harness.ts';
import { anonClient, serviceClient, signedUpClient } from './clients.ts';

export type Role =
  'anonymous' | 'nonMember' | 'member' | 'usersManager' | 'projectsManager' | 'announcementsManager' | 'service';
export const ROLES: Role[] = [
  'anonymous',
  'nonMember',
  'member',
  'usersManager',
  'projectsManager',
  'announcementsManager',
  'service',
];

export interface Cast {
  service: SupabaseClient;
  clients: Record<Role, SupabaseClient>;
  ids: Record<Role, string>;
  /** Signs up one more account (a member without permissions) and returns its client and id. */
  newAccount(label: string): Promise<{ client: SupabaseClient; id: string }>;
}

const PERMISSION_OF: Partial<Record<Role, string>> = {
  usersManager: 'can_manage_users',
  projectsManager: 'can_manage_projects',
  announcementsManager: 'can_manage_announcements',
};

export async function castRoles(h: Harness): Promise<Cast> {
  let counter = 0;
  const newAccount = (label: string) => {
    counter += 1;
    return signedUpClient(h, `${label}.${counter}@example.com`, `${label} ${counter}`);
  };
  const service = serviceClient(h);
  const clients = {} as Record<Role, SupabaseClient>;
  const ids = {} as Record<Role, string>;
  await newAccount('founder'); // the first account holds every permission; the cast uses later ones
  for (const role of ['nonMember', 'member', 'usersManager', 'projectsManager', 'announcementsManager'] as Role[]) {
    const { client, id } = await newAccount(role);
    clients[role] = client;
    ids[role] = id;
    const permission = PERMISSION_OF[role];
    if (permission)
      await service
        .from('organization_users')
        .update({ [permission]: true })
        .eq('user_id', id)
        .throwOnError();
  }
  await service.from('organization_users').delete().eq('user_id', ids.nonMember).throwOnError();
  clients.anonymous = anonClient(h);
  clients.service = service;
  return { service, clients, ids, newAccount };
}
