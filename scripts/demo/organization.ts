// A realistic organization, generated deterministically from a seed: people with job titles and capacities,
// projects with clients, allocations over a span of weeks (some people over-allocated, some work tentative), time
// off and announcements. Used by `npm run demo` and by the benchmarks; it knows nothing about how the data is stored.
import { Faker, en } from '@faker-js/faker';
import { generateAnnouncements, type Announcement } from './announcements.ts';

export type { Announcement } from './announcements.ts';

export interface OrganizationSize {
  people: number;
  projects: number;
  allocations: number;
  /** First Monday of the planned span, YYYY-MM-DD. */
  start: string;
  weeks: number;
  seed?: number;
  /** The day the organization is looked at, YYYY-MM-DD; announcements are dated around it. Defaults to `start`. */
  today?: string;
}

export interface Person {
  id: string;
  email: string;
  full_name: string;
  job_title: string;
  weekly_capacity_hours: number | null;
  work_days: number[] | null;
  can_manage_users: boolean;
  can_manage_projects: boolean;
  can_manage_announcements: boolean;
}

export interface Project {
  id: string;
  name: string;
  code: string;
  client: string;
  description: string;
  color: string;
  status: 'planned' | 'active' | 'on_hold' | 'completed' | 'cancelled';
  start_date: string;
  end_date: string;
  budget_hours: number;
}

export interface Allocation {
  id: string;
  project_id: string;
  user_id: string;
  start_date: string;
  end_date: string;
  hours_per_day: number;
  tentative: boolean;
  role: string;
}

export interface TimeOff {
  user_id: string;
  start_date: string;
  end_date: string;
  kind: 'vacation' | 'sick' | 'public_holiday' | 'other';
}

export interface Organization {
  people: Person[];
  projects: Project[];
  allocations: Allocation[];
  timeOff: TimeOff[];
  announcements: Announcement[];
}

const JOB_TITLES = [
  'Software Engineer',
  'Senior Software Engineer',
  'Product Designer',
  'UX Researcher',
  'Project Manager',
  'Data Analyst',
  'QA Engineer',
  'DevOps Engineer',
  'Engagement Lead',
  'Content Strategist',
  'Frontend Engineer',
];
const COLORS = ['#2f9e44', '#1c7ed6', '#e8590c', '#ae3ec9', '#0ca678', '#f08c00', '#d6336c', '#4263eb', '#5c940d'];
const STATUSES: Project['status'][] = [
  'active',
  'active',
  'active',
  'active',
  'planned',
  'planned',
  'on_hold',
  'completed',
];
const ROLES = ['Lead', 'Developer', 'Designer', 'Reviewer', 'Analyst', 'Advisor'];

export const addDays = (isoDate: string, days: number): string => {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** The Monday of the week holding `date` (UTC). */
export function mondayOf(date: Date): string {
  const day = (date.getUTCDay() + 6) % 7;
  return addDays(date.toISOString().slice(0, 10), -day);
}

export function generateOrganization(size: OrganizationSize): Organization {
  const faker = new Faker({ locale: [en] });
  faker.seed(size.seed ?? 42);
  const uuid = () => faker.string.uuid();
  const spanDays = size.weeks * 7;

  const people: Person[] = Array.from({ length: size.people }, (_, index) => {
    const first = faker.person.firstName();
    const last = faker.person.lastName();
    const partTime = faker.number.int(9) === 0;
    return {
      id: uuid(),
      email: `${first}.${last}.${index}`.toLowerCase().replace(/[^a-z0-9.]/g, '') + '@example.com',
      full_name: `${first} ${last}`,
      job_title: faker.helpers.arrayElement(JOB_TITLES),
      weekly_capacity_hours: partTime ? faker.helpers.arrayElement([20, 24, 32]) : null,
      work_days: partTime ? [1, 2, 3, 4] : null,
      can_manage_users: index === 0,
      can_manage_projects: index < 3,
      can_manage_announcements: index < 2,
    };
  });

  const projects: Project[] = Array.from({ length: size.projects }, (_, index) => {
    const startOffset = faker.number.int({ min: -4, max: Math.max(0, size.weeks - 4) }) * 7;
    const start = addDays(size.start, startOffset);
    return {
      id: uuid(),
      name: `${faker.company.buzzAdjective()} ${faker.company.buzzNoun()}`.replace(/^./, (c) => c.toUpperCase()),
      code: `P${String(index + 1).padStart(3, '0')}`,
      client: faker.company.name(),
      description: faker.company.catchPhrase(),
      color: COLORS[index % COLORS.length],
      status: STATUSES[index % STATUSES.length],
      start_date: start,
      end_date: addDays(start, faker.number.int({ min: 6, max: 26 }) * 7 - 3),
      budget_hours: faker.number.int({ min: 10, max: 200 }) * 10,
    };
  });
  const plannable = projects.filter((p) => p.status !== 'cancelled' && p.status !== 'completed');

  const allocations: Allocation[] = Array.from({ length: size.allocations }, () => {
    const person = faker.helpers.arrayElement(people);
    const project = faker.helpers.arrayElement(plannable.length > 0 ? plannable : projects);
    const startWeek = faker.number.int({ min: 0, max: Math.max(0, size.weeks - 1) });
    const lengthWeeks = faker.number.int({ min: 1, max: Math.min(8, size.weeks) });
    const start = addDays(size.start, startWeek * 7);
    return {
      id: uuid(),
      project_id: project.id,
      user_id: person.id,
      start_date: start,
      end_date: addDays(start, Math.min(lengthWeeks * 7, spanDays - startWeek * 7) - 3),
      hours_per_day: faker.helpers.arrayElement([2, 3, 4, 4, 6, 8]),
      tentative: faker.number.int(5) === 0,
      role: faker.helpers.arrayElement(ROLES),
    };
  });

  const timeOff: TimeOff[] = people
    .filter(() => faker.number.int(3) === 0)
    .map((person) => {
      const start = addDays(size.start, faker.number.int({ min: 0, max: Math.max(0, size.weeks - 1) }) * 7);
      return {
        user_id: person.id,
        start_date: start,
        end_date: addDays(start, faker.number.int({ min: 0, max: 4 })),
        kind: faker.helpers.arrayElement(['vacation', 'vacation', 'sick', 'other'] as const),
      };
    });

  // Drawn last, so adding them left the people, projects and plans of every seed as they were.
  const announcements = generateAnnouncements(faker, { people, projects, today: size.today ?? size.start });

  return { people, projects, allocations, timeOff, announcements };
}
