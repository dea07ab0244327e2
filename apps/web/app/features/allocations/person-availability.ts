// The person picker's order and words: each person's free hours for the chosen dates (public.availability), the
// most free first, as a planner choosing someone wants to see them.
import type { Person } from './allocation-row';

export interface Availability {
  user_id: string;
  capacity_hours: number;
  allocated_hours: number;
  free_hours: number;
  time_off_days: number;
}

export interface PersonChoice {
  value: string;
  label: string;
  /** "32 h free of 40" (or "8 h over-booked of 40"), or null before dates are chosen. */
  free: string | null;
  /** Less than nothing free: already over-booked on those dates. */
  over: boolean;
}

const hours = (value: number) => String(Math.round(Number(value) * 10) / 10);

export function personLabel(person: Person): string {
  const name = person.full_name || 'Unnamed';
  return person.job_title ? `${name} · ${person.job_title}` : name;
}

/** People with their free hours, the most free first (then by name); in name order while there are no figures. */
export function personChoices(people: Person[], availability: Availability[] | null): PersonChoice[] {
  const byId = new Map((availability ?? []).map((row) => [row.user_id, row]));
  const choices = people.map((person) => {
    const row = byId.get(person.id);
    const free = row ? Number(row.free_hours) : null;
    return {
      value: person.id,
      label: personLabel(person),
      free:
        row && free !== null
          ? `${free < 0 ? `${hours(-free)} h over-booked` : `${hours(free)} h free`} of ${hours(row.capacity_hours)}${row.time_off_days > 0 ? `, ${row.time_off_days} ${row.time_off_days === 1 ? 'day' : 'days'} off` : ''}`
          : null,
      over: free !== null && free < 0,
      sortKey: free,
    };
  });
  if (availability) {
    choices.sort((a, b) => (b.sortKey ?? -Infinity) - (a.sortKey ?? -Infinity) || a.label.localeCompare(b.label, 'en'));
  }
  return choices.map(({ sortKey: _ignored, ...choice }) => choice);
}
