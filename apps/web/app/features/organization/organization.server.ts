// Reads what the organization page shows, as the signed-in user: settings, members, pending invitations, audit trail.
import { loadAuditTrail } from './audit-trail.server';
import { readAuditFilters } from './audit-filters';
import { formatDay, formatMoment } from './org-time';
import { personName, type Invitation, type Member, type OrganizationSettings } from './organization-model';
import type { TypedSupabaseClient } from '../../types/supabase';

const SETTINGS_COLUMNS =
  'id,name,default_weekly_hours,work_days,week_start,time_zone,open_signup,allowed_email_domains';
const MEMBER_COLUMNS =
  'user_id,can_manage_users,can_manage_projects,can_manage_announcements,created_at,profiles(full_name,email,job_title,weekly_capacity_hours,work_days)';
const INVITATION_COLUMNS = 'id,email,can_manage_users,can_manage_projects,can_manage_announcements,invited_by,sent_at';

type MemberRow = {
  user_id: string;
  can_manage_users: boolean;
  can_manage_projects: boolean;
  can_manage_announcements: boolean;
  created_at: string;
  profiles: {
    full_name: string;
    email: string | null;
    job_title: string | null;
    weekly_capacity_hours: number | string | null;
    work_days: number[] | null;
  } | null;
};

export async function loadOrganizationPage(supabase: TypedSupabaseClient, url: URL) {
  const [settingsResult, membersResult, invitationsResult] = await Promise.all([
    supabase.from('organization').select(SETTINGS_COLUMNS).single<OrganizationSettings>(),
    supabase.from('organization_users').select(MEMBER_COLUMNS),
    supabase
      .from('invitations')
      .select(INVITATION_COLUMNS)
      .is('accepted_at', null)
      .order('sent_at', { ascending: false }),
  ]);
  if (settingsResult.error) throw new Error(`Could not load the organization: ${settingsResult.error.message}`);
  if (membersResult.error) throw new Error(`Could not load the members: ${membersResult.error.message}`);
  if (invitationsResult.error) throw new Error(`Could not load invitations: ${invitationsResult.error.message}`);

  const settings = { ...settingsResult.data, default_weekly_hours: Number(settingsResult.data.default_weekly_hours) };
  const timeZone = settings.time_zone;
  const members = membersResult.data.map((row) => toMember(row, timeZone));
  members.sort((a, b) => personName(a).localeCompare(personName(b), 'en', { sensitivity: 'base' }));
  const names = new Map(members.map((member) => [member.id, personName(member)]));

  const auditFilters = readAuditFilters(url.searchParams);
  const audit = await loadAuditTrail(supabase, auditFilters, names, timeZone);
  const invitations: Invitation[] = invitationsResult.data.map(({ invited_by, sent_at, ...invitation }) => ({
    ...invitation,
    invited_by_name: (invited_by && names.get(invited_by)) || 'A former member',
    sent: formatMoment(sent_at, timeZone),
  }));
  return { settings, members, invitations, audit, auditFilters };
}

function toMember(row: MemberRow, timeZone: string): Member {
  const profile = row.profiles;
  const hours = profile?.weekly_capacity_hours;
  return {
    id: row.user_id,
    full_name: profile?.full_name ?? '',
    email: profile?.email ?? null,
    job_title: profile?.job_title ?? null,
    joined: formatDay(row.created_at, timeZone),
    weekly_capacity_hours: hours === null || hours === undefined ? null : Number(hours),
    work_days: profile?.work_days ?? null,
    can_manage_users: row.can_manage_users,
    can_manage_projects: row.can_manage_projects,
    can_manage_announcements: row.can_manage_announcements,
  };
}
