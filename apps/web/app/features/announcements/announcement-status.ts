// Where an announcement stands at a moment (draft, scheduled, live, expired) and the order the home page lists them.
import type { Database } from '../../types/database';

export type AnnouncementRow = Database['public']['Tables']['announcements']['Row'];
export type AnnouncementStatus = 'draft' | 'scheduled' | 'live' | 'expired';

/**
 * An announcement as the page shows it: its row (the body's Markdown, to edit), the body rendered to HTML by the
 * server (to read), its standing when the page was loaded, and its author's name.
 */
export type AnnouncementView = AnnouncementRow & {
  bodyHtml: string;
  status: AnnouncementStatus;
  author: string | null;
};

export function announcementStatus(
  row: Pick<AnnouncementRow, 'publish_at' | 'expires_at'>,
  now: Date,
): AnnouncementStatus {
  if (!row.publish_at) return 'draft';
  if (Date.parse(row.publish_at) > now.getTime()) return 'scheduled';
  if (row.expires_at && Date.parse(row.expires_at) <= now.getTime()) return 'expired';
  return 'live';
}

const time = (instant: string | null) => (instant ? Date.parse(instant) : 0);

/**
 * `live`: what members see, pinned first, then the newest published. `hidden`: what only managers see — drafts
 * (last edited first), then scheduled (soonest first), then expired (most recently expired first).
 */
export function arrangeAnnouncements(announcements: AnnouncementView[]) {
  const live = announcements
    .filter((a) => a.status === 'live')
    .sort((a, b) => Number(b.pinned) - Number(a.pinned) || time(b.publish_at) - time(a.publish_at));
  const drafts = announcements
    .filter((a) => a.status === 'draft')
    .sort((a, b) => time(b.updated_at) - time(a.updated_at));
  const scheduled = announcements
    .filter((a) => a.status === 'scheduled')
    .sort((a, b) => time(a.publish_at) - time(b.publish_at));
  const expired = announcements
    .filter((a) => a.status === 'expired')
    .sort((a, b) => time(b.expires_at) - time(a.expires_at));
  return { live, hidden: [...drafts, ...scheduled, ...expired] };
}
