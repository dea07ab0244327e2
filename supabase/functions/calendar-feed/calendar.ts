// Turns a person's feed (public.calendar_feed) into an iCalendar document (RFC 5545) with ical-generator: one
// all-day event per allocation and per time off entry. UIDs stay the same from one read to the next, so calendar
// apps update an event that changed instead of adding a new one.
import ical, { ICalCalendarMethod, ICalEventStatus } from 'npm:ical-generator@11';

export interface FeedAllocation {
  id: string;
  project_name: string;
  project_code: string | null;
  start_date: string;
  end_date: string;
  hours_per_day: number;
  tentative: boolean;
  role: string | null;
  note: string | null;
  updated_at: string;
}

export interface FeedTimeOff {
  id: string;
  kind: string;
  start_date: string;
  end_date: string;
  hours: number | null;
}

export interface Feed {
  user_id: string;
  full_name: string;
  allocations: FeedAllocation[];
  time_off: FeedTimeOff[];
}

/** How often calendar apps are asked to read the feed again; most read it less often whatever it says. */
const REFRESH_SECONDS = 60 * 60;
const UID_DOMAIN = 'teamplan';

/** A date of the plan (YYYY-MM-DD) as a Date at UTC midnight: all-day events carry the date alone. */
const day = (date: string) => new Date(`${date}T00:00:00Z`);

/** The day after: DTEND of an all-day event is exclusive, so an event ending on the 9th ends on the 10th. */
const dayAfter = (date: string) => new Date(day(date).getTime() + 24 * 60 * 60 * 1000);

const hours = (value: number) => `${Number(value)} h`;

const KINDS: Record<string, string> = {
  vacation: 'vacation',
  sick: 'sick leave',
  public_holiday: 'public holiday',
  other: 'other',
};

function allocationSummary(allocation: FeedAllocation): string {
  const summary = `${allocation.project_name} · ${hours(allocation.hours_per_day)}/day`;
  return allocation.tentative ? `${summary} (tentative)` : summary;
}

function allocationDescription(allocation: FeedAllocation): string {
  return [
    allocation.project_code ? `Project code: ${allocation.project_code}` : null,
    allocation.role ? `Role: ${allocation.role}` : null,
    allocation.tentative ? 'Tentative: pencilled in, not confirmed yet.' : null,
    allocation.note ? `Note: ${allocation.note}` : null,
  ]
    .filter((line) => line !== null)
    .join('\n');
}

function timeOffSummary(entry: FeedTimeOff): string {
  const summary = `Time off (${KINDS[entry.kind] ?? entry.kind})`;
  return entry.hours === null ? summary : `${summary} · ${hours(entry.hours)}/day`;
}

export function renderCalendar(feed: Feed): string {
  const name = feed.full_name.trim() || 'my plan';
  const calendar = ical({
    name: `Teamplan — ${name}`,
    description: 'Allocations and time off planned in Teamplan.',
    prodId: { company: 'Teamplan', product: 'calendar-feed', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: REFRESH_SECONDS,
  });
  for (const allocation of feed.allocations) {
    calendar.createEvent({
      id: `allocation-${allocation.id}@${UID_DOMAIN}`,
      allDay: true,
      start: day(allocation.start_date),
      end: dayAfter(allocation.end_date),
      summary: allocationSummary(allocation),
      description: allocationDescription(allocation) || null,
      status: allocation.tentative ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
      stamp: new Date(allocation.updated_at),
      lastModified: new Date(allocation.updated_at),
    });
  }
  for (const entry of feed.time_off) {
    calendar.createEvent({
      id: `time-off-${entry.id}@${UID_DOMAIN}`,
      allDay: true,
      start: day(entry.start_date),
      end: dayAfter(entry.end_date),
      summary: timeOffSummary(entry),
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
