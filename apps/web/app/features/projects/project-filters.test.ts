import { describe, expect, it } from 'vitest';
import { clientsOf, DEFAULT_FILTERS, filterProjects } from './project-filters';
import type { ProjectListItem } from './project-schema';

function project(name: string, extra: Partial<ProjectListItem> = {}): ProjectListItem {
  return {
    id: name,
    name,
    code: null,
    client: null,
    color: '#2f9e44',
    status: 'active',
    start_date: null,
    end_date: null,
    budget_hours: null,
    archived: false,
    people_count: 0,
    allocation_count: 0,
    planned_hours: 0,
    tentative_hours: 0,
    ...extra,
  };
}

const PROJECTS = [
  project('Beta', { client: 'Acme', people_count: 3, planned_hours: '120.00' }),
  project('alpha', { client: 'Globex', code: 'ALP', people_count: 1, planned_hours: '400.50' }),
  project('Gamma', { status: 'completed', archived: true, client: 'Acme' }),
  project('Delta', { status: 'planned' }),
];
const names = (list: ProjectListItem[]) => list.map((p) => p.name);

describe('filterProjects', () => {
  it('hides archived projects by default and sorts by name ignoring case', () => {
    expect(names(filterProjects(PROJECTS, DEFAULT_FILTERS))).toEqual(['alpha', 'Beta', 'Delta']);
    expect(names(filterProjects(PROJECTS, { ...DEFAULT_FILTERS, showArchived: true }))).toContain('Gamma');
  });

  it('shows archived projects of a status asked for by name', () => {
    expect(names(filterProjects(PROJECTS, { ...DEFAULT_FILTERS, statuses: ['completed'] }))).toEqual(['Gamma']);
  });

  it('searches name, code and client, and filters by client', () => {
    expect(names(filterProjects(PROJECTS, { ...DEFAULT_FILTERS, search: 'alp' }))).toEqual(['alpha']);
    expect(names(filterProjects(PROJECTS, { ...DEFAULT_FILTERS, search: 'acme' }))).toEqual(['Beta']);
    expect(names(filterProjects(PROJECTS, { ...DEFAULT_FILTERS, client: 'Globex' }))).toEqual(['alpha']);
  });

  it('sorts numbers as numbers, in both directions', () => {
    const byHours = { ...DEFAULT_FILTERS, sort: 'planned_hours' as const, direction: 'desc' as const };
    expect(names(filterProjects(PROJECTS, byHours))).toEqual(['alpha', 'Beta', 'Delta']);
    const byPeople = { ...DEFAULT_FILTERS, sort: 'people_count' as const };
    expect(names(filterProjects(PROJECTS, byPeople))).toEqual(['Delta', 'alpha', 'Beta']);
  });

  it('lists each client once', () => {
    expect(clientsOf(PROJECTS)).toEqual(['Acme', 'Globex']);
  });
});
