// Organization permissions and membership: the single query that reads the user's own membership row, and the
// all-false default.
import type { TypedSupabaseClient } from '../types/supabase';

export type PermissionName = 'can_manage_users' | 'can_manage_projects' | 'can_manage_announcements';
export type Permissions = Record<PermissionName, boolean>;

export const NO_PERMISSIONS: Readonly<Permissions> = Object.freeze({
  can_manage_users: false,
  can_manage_projects: false,
  can_manage_announcements: false,
});

const PERMISSION_COLUMNS = 'can_manage_users,can_manage_projects,can_manage_announcements';

type MembershipRow = Partial<Record<PermissionName, boolean | null>>;

/**
 * What the membership row says: `isMember` is false when the user has no row (signed in, but not, or no longer, in
 * the organization), and null when the row could not be read, so that an outage is not mistaken for a removal.
 */
export type Membership = { isMember: boolean | null; permissions: Permissions };

/**
 * One GET on organization_users: the three columns of the row whose user_id is the user, limit 1, at most one row.
 * A missing row or a failed request is not an error for the caller: it means "no permissions" and is only logged.
 */
export async function loadMembership(
  supabase: Pick<TypedSupabaseClient, 'from'>,
  userId: string,
  log: (...args: unknown[]) => void = console.error,
): Promise<Membership> {
  try {
    const { data, error } = await supabase
      .from('organization_users')
      .select(PERMISSION_COLUMNS)
      .eq('user_id', userId)
      .limit(1)
      .maybeSingle<MembershipRow>();
    if (error) {
      log('Could not load permissions:', error.message);
      return { isMember: null, permissions: { ...NO_PERMISSIONS } };
    }
    if (!data) {
      log('Could not load permissions: no organization membership for this user.');
      return { isMember: false, permissions: { ...NO_PERMISSIONS } };
    }
    const permissions = {
      can_manage_users: data.can_manage_users === true,
      can_manage_projects: data.can_manage_projects === true,
      can_manage_announcements: data.can_manage_announcements === true,
    };
    return { isMember: true, permissions };
  } catch (error) {
    log('Could not load permissions:', error);
    return { isMember: null, permissions: { ...NO_PERMISSIONS } };
  }
}
