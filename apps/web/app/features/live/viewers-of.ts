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

/** Those of `viewers` on `page`. */
export const onPage = (viewers: Viewer[], page: string) => viewers.filter((viewer) => viewer.page === page);
