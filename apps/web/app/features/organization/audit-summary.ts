// One audit trail line in words: when, who, what happened to which record, and each changed field before -> after.
import { formatMoment } from './org-time';
import { formatDate, formatRange, isIsoDate } from '../../lib/dates';
import { formatWorkDays, WEEKDAYS } from '../../lib/weekdays';

export type AuditRow = {
  id: number;
  occurred_at: string;
  actor_id: string | null;
  actor_email: string | null;
  table_name: string;
  record_id: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

export type AuditEntry = {
  id: number;
  when: string;
  who: string;
  whoDetail: string | null;
  what: string;
  changes: string[];
};

/** One page of the trail and how many changes match in all. */
export type AuditPage = { entries: AuditEntry[]; total: number };

export const AUDIT_TABLES = [
  { value: 'organization_users', label: 'Memberships', noun: 'membership' },
  { value: 'invitations', label: 'Invitations', noun: 'invitation' },
  { value: 'organization', label: 'Organization', noun: 'organization settings' },
  { value: 'projects', label: 'Projects', noun: 'project' },
  { value: 'allocations', label: 'Allocations', noun: 'allocation' },
  { value: 'announcements', label: 'Announcements', noun: 'announcement' },
] as const;

const VERBS: Record<string, string> = { insert: 'Created', update: 'Changed', delete: 'Deleted' };
const MEMBERSHIP_VERBS: Record<string, string> = { insert: 'Added', update: 'Changed', delete: 'Removed' };

const LABELS: Record<string, string> = {
  can_manage_users: 'Can manage users',
  can_manage_projects: 'Can manage projects',
  can_manage_announcements: 'Can manage announcements',
  default_weekly_hours: 'Default weekly hours',
  allowed_email_domains: 'Allowed e-mail domains',
  open_signup: 'Open sign-up',
  week_start: 'Week starts on',
  email: 'E-mail',
  user_id: 'Person',
  project_id: 'Project',
  start_date: 'Start',
  end_date: 'End',
  logo_path: 'Logo',
};

// Bookkeeping columns: the line already says who and when.
const NOT_SHOWN = new Set(['id', 'created_at', 'updated_at', 'created_by', 'invited_by']);
const ID_FIELDS = new Set(['user_id', 'project_id']);
// What the headline already names, per table: not repeated among a new record's fields.
const SUBJECT_FIELDS: Record<string, string[]> = {
  organization_users: ['user_id'],
  invitations: ['email'],
  allocations: ['user_id', 'project_id', 'start_date', 'end_date'],
  projects: ['name'],
  announcements: ['title'],
};

/** `names` maps the ids of people and projects to their names; `timeZone` is the organization's. */
export function summarizeAudit(row: AuditRow, names: Map<string, string>, timeZone: string): AuditEntry {
  const actorName = row.actor_id ? names.get(row.actor_id) : undefined;
  const who = actorName ?? row.actor_email ?? (row.actor_id ? 'A former account' : 'System');
  return {
    id: row.id,
    when: formatMoment(row.occurred_at, timeZone),
    who,
    whoDetail: actorName && row.actor_email ? row.actor_email : null,
    what: headline(row, names),
    changes: changedFields(row, names, timeZone),
  };
}

function headline(row: AuditRow, names: Map<string, string>): string {
  const table = AUDIT_TABLES.find((entry) => entry.value === row.table_name);
  const verbs = row.table_name === 'organization_users' ? MEMBERSHIP_VERBS : VERBS;
  const verb = verbs[row.action] ?? row.action;
  const record = row.after ?? row.before ?? {};
  const name = (id: unknown) => (typeof id === 'string' && names.get(id)) || 'a former account';
  switch (row.table_name) {
    case 'organization_users':
      return `${verb} membership of ${name(row.record_id)}`;
    case 'invitations':
      return `${verb} invitation for ${String(record.email ?? 'an address')}`;
    case 'allocations':
      return `${verb} allocation of ${name(record.user_id)} on ${projectName(record.project_id, names)}, ${formatRange(
        String(record.start_date ?? ''),
        String(record.end_date ?? ''),
      )}`;
    case 'projects':
    case 'announcements':
      return `${verb} ${table?.noun} “${String(record.name ?? record.title ?? '')}”`;
    default:
      return `${verb} ${table?.noun ?? row.table_name}`;
  }
}

const projectName = (id: unknown, names: Map<string, string>) =>
  (typeof id === 'string' && names.get(id) && `“${names.get(id)}”`) || 'a deleted project';

function changedFields(row: AuditRow, names: Map<string, string>, timeZone: string): string[] {
  const show = (field: string, value: unknown) => formatValue(field, value, names, timeZone);
  if (row.action === 'update' && row.before && row.after) {
    const { before, after } = row;
    return Object.keys(after)
      .filter((field) => !NOT_SHOWN.has(field) && JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      .map(
        (field) => `${labelOf(field, row.table_name)}: ${show(field, before[field])} → ${show(field, after[field])}`,
      );
  }
  if (row.action === 'insert' && row.after) {
    // A new record's settings that say something: what is on, filled in or chosen (its moment is the line's own).
    const { after } = row;
    const subject = SUBJECT_FIELDS[row.table_name] ?? [];
    return Object.keys(after)
      .filter((field) => !NOT_SHOWN.has(field) && !subject.includes(field) && field !== 'sent_at')
      .filter((field) => ![null, '', false].includes(after[field] as never))
      .map((field) => `${labelOf(field)}: ${show(field, after[field])}`);
  }
  return [];
}

function labelOf(field: string, table?: string): string {
  // An invitation's user is the account created for the address, not yet a person in the organization.
  if (field === 'user_id' && table === 'invitations') return 'Account';
  if (LABELS[field]) return LABELS[field];
  const words = field.replace(/_at$/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function formatValue(field: string, value: unknown, names: Map<string, string>, timeZone: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'work_days' && Array.isArray(value)) return formatWorkDays(value as number[]);
  if (field === 'week_start') return WEEKDAYS.find(({ day }) => day === value)?.label ?? String(value);
  if (Array.isArray(value)) return value.length ? value.join(', ') : 'none';
  if (ID_FIELDS.has(field)) {
    return names.get(String(value)) ?? (field === 'project_id' ? 'a deleted project' : 'a deleted account');
  }
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatMoment(value, timeZone);
  if (isIsoDate(value)) return formatDate(value);
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
