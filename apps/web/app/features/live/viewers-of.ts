// Who else is on a page, from the presence state of the topic `plan` (one key per person, one entry per open tab).
export interface Here {
  name: string;
  page: string;
  editing: string | null;
}

export interface Viewer extends Here {
  userId: string;
}

/** The other people on the topic, each once (their latest tab), by name. */
export function othersHere(state: Record<string, Here[]>, me: string): Viewer[] {
  return Object.entries(state)
    .filter(([userId, tabs]) => userId !== me && tabs.length > 0)
    .map(([userId, tabs]) => ({ userId, ...pick(tabs[tabs.length - 1]) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

const pick = ({ name, page, editing }: Here): Here => ({ name, page, editing: editing ?? null });

/** Whether two lists name the same people, on the same pages, editing the same things, in the same order. */
export function sameViewers(a: Viewer[], b: Viewer[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (viewer, index) =>
        viewer.userId === b[index].userId &&
        viewer.name === b[index].name &&
        viewer.page === b[index].page &&
        viewer.editing === b[index].editing,
    )
  );
}

/** Those of `viewers` on `page`. */
export const onPage = (viewers: Viewer[], page: string) => viewers.filter((viewer) => viewer.page === page);
