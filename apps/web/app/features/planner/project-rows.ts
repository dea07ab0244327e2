// The planner's project view: projects as rows, each with who works on it in each period, and for an opened project
// one row per person with their bars on it. Built from the same allocations and filters as the people view.
import type { Allocation, Period, Person, Project } from './planner-data';
import { personName } from './planner-data';

export interface ProjectPlanRow {
  project: Project;
  /** Per period, the names of the people working on the project in it. */
  people: string[][];
  /** The people on the project in the range, by name, each with their allocations to it. */
  members: { person: Person; allocations: Allocation[] }[];
}

/** Projects with work in the range among the people shown, in the projects' order (by name). */
export function projectPlanRows(
  projects: Project[],
  periods: Period[],
  people: Person[],
  allocations: Allocation[],
  projectId: string | null,
): ProjectPlanRow[] {
  const shownPeople = new Map(people.map((person) => [person.id, person]));
  const rows: ProjectPlanRow[] = [];
  for (const project of projects) {
    if (projectId && project.id !== projectId) continue;
    const own = allocations.filter(
      (allocation) => allocation.project_id === project.id && shownPeople.has(allocation.user_id),
    );
    if (own.length === 0) continue;
    const byPerson = new Map<string, Allocation[]>();
    for (const allocation of [...own].sort((a, b) => a.start_date.localeCompare(b.start_date))) {
      byPerson.set(allocation.user_id, [...(byPerson.get(allocation.user_id) ?? []), allocation]);
    }
    const members = [...byPerson.entries()]
      .map(([id, list]) => ({ person: shownPeople.get(id)!, allocations: list }))
      .sort((a, b) => personName(a.person).localeCompare(personName(b.person), 'en'));
    const peopleByPeriod = periods.map((period) =>
      members
        .filter(({ allocations: list }) =>
          list.some((allocation) => allocation.start_date <= period.end && allocation.end_date >= period.start),
        )
        .map(({ person }) => personName(person)),
    );
    rows.push({ project, people: peopleByPeriod, members });
  }
  return rows;
}
