// How the planner is shown, remembered in this browser: people or projects as rows, each person's bars inside their
// row (compact), and whether rows start expanded. A row opened or closed by hand differs from that choice until the
// next "Expand all" or "Collapse all".
import { useLocalStorage } from '@mantine/hooks';
import { useCallback, useState } from 'react';

export interface PlannerView {
  rows: 'people' | 'projects';
  compact: boolean;
  expandAll: boolean;
}

const DEFAULT_VIEW: PlannerView = { rows: 'people', compact: false, expandAll: false };

export function usePlannerView() {
  const [stored, setStored] = useLocalStorage<PlannerView>({
    key: 'teamplan-planner-view',
    defaultValue: DEFAULT_VIEW,
  });
  const view = { ...DEFAULT_VIEW, ...stored };
  // Rows whose state differs from expandAll.
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());

  const isExpanded = useCallback((key: string) => view.expandAll !== toggled.has(key), [view.expandAll, toggled]);
  const toggle = useCallback(
    (key: string) =>
      setToggled((previous) => {
        const next = new Set(previous);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );
  /** Opens a row (a new allocation was just made in it), whatever the choice. */
  const expand = useCallback(
    (key: string) =>
      setToggled((previous) => {
        const next = new Set(previous);
        if (view.expandAll) next.delete(key);
        else next.add(key);
        return next;
      }),
    [view.expandAll],
  );
  const setExpandAll = (expandAll: boolean) => {
    setToggled(new Set());
    setStored((previous) => ({ ...DEFAULT_VIEW, ...previous, expandAll }));
  };
  const change = (update: Partial<PlannerView>) =>
    setStored((previous) => ({ ...DEFAULT_VIEW, ...previous, ...update }));

  return { view, isExpanded, toggle, expand, setExpandAll, change };
}
