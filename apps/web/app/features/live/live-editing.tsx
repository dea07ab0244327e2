// Marks what others are editing right now: the planner and the project page provide who edits which allocation,
// and bars and rows deep in their trees read it here, as they report a bar this person starts to drag.
import { Alert } from '@mantine/core';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { editingSentence, editorsByAllocation, initialsOf } from './editors';
import { personColor } from './person-color';
import type { Viewer } from './viewers-of';
import classes from './live-editing.module.css';

interface LiveEditing {
  editorsOf: (allocationId: string) => Viewer[];
  /** This person started (an id) or stopped (null) dragging a bar. */
  onDragging: (allocationId: string | null) => void;
}

const NOBODY: Viewer[] = [];
const LiveEditingContext = createContext<LiveEditing>({ editorsOf: () => NOBODY, onDragging: () => undefined });

export function LiveEditingProvider({
  viewers,
  onDragging = () => undefined,
  children,
}: {
  viewers: Viewer[];
  onDragging?: (allocationId: string | null) => void;
  children: ReactNode;
}) {
  const value = useMemo(() => {
    const editors = editorsByAllocation(viewers);
    return { editorsOf: (id: string) => editors.get(id) ?? NOBODY, onDragging };
  }, [viewers, onDragging]);
  return <LiveEditingContext.Provider value={value}>{children}</LiveEditingContext.Provider>;
}

export const useLiveEditing = () => useContext(LiveEditingContext);

/**
 * The ring in the (first) editor's color that marks what they edit: a class, a data attribute and its color. A bar
 * gets it around its edge; a row or a cell (`inset`) inside its own box, where nothing around it clips it.
 */
export function editingOutline(
  editors: Viewer[],
  shape: 'ring' | 'inset' = 'ring',
): {
  className: string;
  'data-editing'?: true;
  style: Record<string, string>;
} {
  if (editors.length === 0) return { className: '', style: {} };
  return {
    className: shape === 'ring' ? classes.outlined : classes.inset,
    'data-editing': true,
    style: { '--editing-color': personColor(editors[0].userId).background },
  };
}

/** Who is editing: their initials in their colors, named for everyone ("Alex is editing"). */
export function EditingBadge({ editors }: { editors: Viewer[] }) {
  if (editors.length === 0) return null;
  const label = editingSentence(editors);
  return (
    <span className={classes.badges} role="img" aria-label={label} title={label} data-editing-badge>
      {editors.slice(0, 2).map((editor) => {
        const { background, text } = personColor(editor.userId);
        return (
          <span key={editor.userId} className={classes.badge} style={{ backgroundColor: background, color: text }}>
            {initialsOf(editor.name)}
          </span>
        );
      })}
    </span>
  );
}

/** In a form: who else has this allocation open right now, and what happens if both save. */
export function EditingNotice({ allocationId }: { allocationId: string | undefined }) {
  const editors = useLiveEditing().editorsOf(allocationId ?? '');
  if (!allocationId || editors.length === 0) return null;
  return (
    <Alert color="blue" variant="light" mb="sm" title={`${editingSentence(editors)} this allocation too`}>
      Whoever saves second sees what the other changed and chooses which version to keep.
    </Alert>
  );
}
