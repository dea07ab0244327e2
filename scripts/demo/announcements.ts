// The demo organization's announcements, dated around the day it is looked at: two pinned and one more on show, one
// scheduled for next week, one expired and one draft, all written by someone who may manage announcements.
import type { Faker } from '@faker-js/faker';
import type { Person, Project } from './organization.ts';

export interface Announcement {
  title: string;
  body: string;
  pinned: boolean;
  /** Null keeps it a draft. */
  publish_at: string | null;
  expires_at: string | null;
  /** The generated id of the author. */
  created_by: string;
}

interface Context {
  people: Person[];
  projects: Project[];
  /** YYYY-MM-DD */
  today: string;
}

/** The instant `days` days from `today` at `time` (UTC), ISO 8601. */
function at(today: string, days: number, time: string): string {
  const date = new Date(`${today}T${time}:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString();
}

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

export function generateAnnouncements(faker: Faker, { people, projects, today }: Context): Announcement[] {
  const managers = people.filter((person) => person.can_manage_announcements);
  // Preferably not the administrator: news comes from the people who run the teams.
  const author = managers.find((person) => !person.can_manage_users) ?? managers[0];
  if (!author) return [];
  const project = projects.length > 0 ? faker.helpers.arrayElement(projects) : undefined;
  const others = people.filter((person) => person !== author);
  const lead = others.length > 0 ? faker.helpers.arrayElement(others) : author;
  const deadline = at(today, 4, '17:00');
  const party = at(today, 10, '15:00');
  const base = { created_by: author.id, expires_at: null, pinned: false };
  const kickOff: Announcement[] = project
    ? [
        {
          ...base,
          title: `Kick-off: ${project.name}`,
          body: [
            `**${project.name}** for ${project.client} starts this month, led by ${lead.full_name}.`,
            '',
            `The goal: _${project.description.toLowerCase()}_.`,
            '',
            'Interested in joining? Talk to the project lead before the plan is final.',
          ].join('\n'),
          publish_at: at(today, -1, '15:00'),
        },
      ]
    : [];
  return [
    {
      ...base,
      pinned: true,
      title: 'Welcome to Teamplan',
      body: [
        'This is where we plan who works on what, and when.',
        '',
        '## Getting started',
        '',
        '- Your allocations and utilization for the coming weeks are on this page.',
        '- Record vacation and other absences on your [profile](/profile), so planners see when you are away.',
        '- Every project and its team is listed under [Projects](/projects).',
        '',
        'Questions? Ask **' + author.full_name + '**.',
      ].join('\n'),
      publish_at: at(today, -20, '08:00'),
    },
    {
      ...base,
      pinned: true,
      title: 'Quarterly planning: bookings due ' + longDate(deadline),
      body: [
        'Project leads, please book your teams for the next quarter by **' + longDate(deadline) + ', 17:00**.',
        '',
        '1. Open the planner and check your people for over-allocation (shown in red).',
        '2. Mark work that is not confirmed yet as *tentative*.',
        '3. Add missing time off before you book.',
        '',
        'We review the plan together the following Monday.',
      ].join('\n'),
      publish_at: at(today, -2, '09:30'),
      expires_at: at(today, 5, '00:00'),
    },
    ...kickOff,
    {
      ...base,
      title: 'Summer party on ' + longDate(party),
      body: 'The office closes at **15:00** that day. Food, music and a short look back at the first half of the year.',
      publish_at: at(today, 7, '09:00'),
      expires_at: at(today, 11, '00:00'),
    },
    {
      ...base,
      title: 'Reminder: check last month’s plan',
      body: 'Please compare your allocations with what you actually worked on, and tell your project lead about gaps.',
      publish_at: at(today, -40, '09:00'),
      expires_at: at(today, -30, '00:00'),
    },
    {
      ...base,
      title: 'New time-off policy (draft)',
      body: '## What changes\n\n- Time off is requested at least two weeks ahead.\n- Public holidays are entered centrally.',
      publish_at: null,
    },
  ];
}
