// Which people the planner shows for the chosen filters: a name (or e-mail) search, a job title, and a project
// (people with an allocation to it in the range).
import type { Allocation, Person } from './planner-data';

export interface PlannerFilters {
  search: string;
  jobTitle: string | null;
  projectId: string | null;
}

export function visiblePeople(people: Person[], allocations: Allocation[], filters: PlannerFilters): Person[] {
  const words = filters.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const onProject = filters.projectId
    ? new Set(allocations.filter((a) => a.project_id === filters.projectId).map((a) => a.user_id))
    : null;
  return people.filter((person) => {
    const haystack = `${person.full_name} ${person.email ?? ''}`.toLowerCase();
    if (!words.every((word) => haystack.includes(word))) return false;
    if (filters.jobTitle && person.job_title?.trim() !== filters.jobTitle) return false;
    return !onProject || onProject.has(person.id);
  });
}
