// The person's calendar feed link: the secret token (made by the database on the first ask) in the URL of the
// calendar-feed edge function, at the backend's public address, the one browsers reach; and resetting it.
import { failed, succeeded } from '../../lib/action-result';
import { getServerEnv } from '../../session/env.server';
import type { ProfileActionResult } from './profile-action-result';
import type { TypedSupabaseClient } from '../../types/supabase';

export type CalendarFeedLinks = {
  /** https (or http) link, for Google Calendar and Outlook. */
  url: string;
  /** The same link as webcal://, which opens Apple Calendar's subscription dialog. */
  webcalUrl: string;
};

export function calendarFeedLinks(backendUrl: string, token: string): CalendarFeedLinks {
  const url = `${backendUrl.replace(/\/+$/, '')}/functions/v1/calendar-feed/${encodeURIComponent(token)}.ics`;
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
}

/** Null when there is no feed to show: the database refuses anyone who is not a member. */
export async function loadCalendarFeed(supabase: TypedSupabaseClient): Promise<CalendarFeedLinks | null> {
  const { data, error } = await supabase.rpc('calendar_feed_token');
  if (error || !data) return null;
  return calendarFeedLinks(getServerEnv().SUPABASE_URL, data);
}

export async function resetCalendarFeed(supabase: TypedSupabaseClient): Promise<ProfileActionResult> {
  const { error } = await supabase.rpc('reset_calendar_feed_token');
  if (error) return failed('reset-calendar-feed', `The calendar link could not be reset: ${error.message}`);
  return succeeded(
    'reset-calendar-feed',
    'Your calendar link was reset. Calendars subscribed to the old link stop updating: subscribe them again with the new link.',
  );
}
