// What the organization page shows: its row shapes, the permissions and weekdays by name, and capacity in words.
import type { PermissionName } from '../../session/permissions';
import { formatWorkDays } from '../../lib/weekdays';
import { formatHours } from '../../lib/hours';

export type OrganizationSettings = {
  id: string;
  name: string;
  default_weekly_hours: number;
  work_days: number[];
  week_start: number;
  time_zone: string;
  open_signup: boolean;
  allowed_email_domains: string[];
};

export type Member = {
  id: string;
  full_name: string;
  email: string | null;
  job_title: string | null;
  /** When they joined, as a date in the organization's time zone. */
  joined: string;
  /** Null: the organization's default applies. */
  weekly_capacity_hours: number | null;
  work_days: number[] | null;
} & Record<PermissionName, boolean>;

export type Invitation = {
  id: string;
  email: string;
  invited_by_name: string;
  /** When it was last sent, in the organization's time zone. */
  sent: string;
} & Record<PermissionName, boolean>;

export const PERMISSIONS: { name: PermissionName; label: string; column: string }[] = [
  { name: 'can_manage_users', label: 'can manage users', column: 'Users' },
  { name: 'can_manage_projects', label: 'can manage projects', column: 'Projects' },
  { name: 'can_manage_announcements', label: 'can manage announcements', column: 'Announcements' },
];

/** A person's capacity, each part marked when it is the organization's default. */
export function describeCapacity(
  member: Pick<Member, 'weekly_capacity_hours' | 'work_days'>,
  org: OrganizationSettings,
) {
  return {
    hours: formatHours(member.weekly_capacity_hours ?? org.default_weekly_hours, 'h/week'),
    hoursAreDefault: member.weekly_capacity_hours === null,
    days: formatWorkDays(member.work_days ?? org.work_days),
    daysAreDefault: member.work_days === null,
  };
}

/** The name to show for a person: full name, else e-mail. */
export function personName(person: { full_name?: string | null; email?: string | null }): string {
  return person.full_name?.trim() || person.email || 'Unnamed member';
}
