// Which projects the list shows and in what order: search, status, client, archived, and the sorted column.
import type { ProjectStatus, ProjectListItem } from './project-schema';

export type SortKey = 'name' | 'client' | 'status' | 'start_date' | 'end_date' | 'people_count' | 'planned_hours';
export type SortDirection = 'asc' | 'desc';

export type ProjectFilters = {
  search: string;
  statuses: ProjectStatus[];
  client: string | null;
  showArchived: boolean;
  sort: SortKey;
  direction: SortDirection;
};

export const DEFAULT_FILTERS: ProjectFilters = {
  search: '',
  statuses: [],
  client: null,
  showArchived: false,
  sort: 'name',
  direction: 'asc',
};

const STATUS_ORDER: Record<ProjectStatus, number> = { active: 0, planned: 1, on_hold: 2, completed: 3, cancelled: 4 };
// One collator for the whole sort: localeCompare with options builds a new one for each comparison.
const TEXT_ORDER = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const NUMERIC_KEYS = new Set<SortKey>(['people_count', 'planned_hours']);

function compare(a: ProjectListItem, b: ProjectListItem, key: SortKey): number {
  if (key === 'status') return STATUS_ORDER[a.status] - STATUS_ORDER[b.status];
  if (NUMERIC_KEYS.has(key)) return Number(a[key]) - Number(b[key]);
  const left = (a[key] as string | null) ?? '';
  const right = (b[key] as string | null) ?? '';
  // Empty values last in either direction would need two passes; keeping them first ascending is what tables do.
  return TEXT_ORDER.compare(left, right);
}

export function filterProjects(projects: ProjectListItem[], filters: ProjectFilters): ProjectListItem[] {
  const words = filters.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = projects.filter((project) => {
    // An archived project shows when archived ones are on, or when its status is asked for by name.
    if (project.archived && !filters.showArchived && !filters.statuses.includes(project.status)) return false;
    if (filters.statuses.length > 0 && !filters.statuses.includes(project.status)) return false;
    if (filters.client !== null && (project.client ?? '') !== filters.client) return false;
    const haystack = `${project.name} ${project.code ?? ''} ${project.client ?? ''}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
  const sign = filters.direction === 'asc' ? 1 : -1;
  return shown.sort((a, b) => sign * compare(a, b, filters.sort) || a.name.localeCompare(b.name));
}

/** Clients in use, for the client filter and the form's suggestions. */
export function clientsOf(projects: ProjectListItem[]): string[] {
  return [...new Set(projects.map((project) => project.client).filter((client): client is string => !!client))].sort(
    (a, b) => a.localeCompare(b),
  );
}
