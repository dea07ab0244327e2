// Reading announcements for the home page as the signed-in person: row level security decides which ones they see
// (members the published ones, managers all), this adds each one's standing, its author and the reader's time zone.
import { announcementStatus, type AnnouncementRow, type AnnouncementView } from './announcement-status';
import { knownTimeZone } from './announcement-times';
import { announcementHtml } from './announcement-html.server';
import type { TypedSupabaseClient } from '../../types/supabase';

/** Enough for every pinned and recent announcement; the oldest ones drop off first. */
const LISTED = 100;

export type AnnouncementsData = { announcements: AnnouncementView[]; timeZone: string };

export async function loadAnnouncements(supabase: TypedSupabaseClient, userId: string): Promise<AnnouncementsData> {
  const [rows, profile, organization] = await Promise.all([
    supabase
      .from('announcements')
      .select('id,title,body,pinned,publish_at,expires_at,created_by,created_at,updated_at')
      .order('pinned', { ascending: false })
      .order('publish_at', { ascending: false, nullsFirst: true })
      .limit(LISTED),
    supabase.from('profiles').select('time_zone').eq('id', userId).maybeSingle<{ time_zone: string | null }>(),
    supabase.from('organization').select('time_zone').limit(1).maybeSingle<{ time_zone: string | null }>(),
  ]);
  if (rows.error) throw new Error(`Could not load announcements: ${rows.error.message}`);
  const authors = await loadAuthorNames(supabase, rows.data);
  const now = new Date();
  return {
    announcements: rows.data.map((row) => ({
      ...row,
      bodyHtml: announcementHtml(row.body),
      status: announcementStatus(row, now),
      author: row.created_by ? (authors.get(row.created_by) ?? null) : null,
    })),
    // The reader's own time zone, else the organization's: dates read and typed as on their clock.
    timeZone: knownTimeZone(profile.data?.time_zone ?? organization.data?.time_zone),
  };
}

async function loadAuthorNames(supabase: TypedSupabaseClient, rows: AnnouncementRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((row) => (row.created_by ? [row.created_by] : [])))];
  if (ids.length === 0) return new Map();
  const { data } = await supabase.from('profiles').select('id,full_name').in('id', ids);
  // A missing name only leaves the byline out; it is no reason to fail the page.
  return new Map((data ?? []).flatMap((person) => (person.full_name ? [[person.id, person.full_name]] : [])));
}
