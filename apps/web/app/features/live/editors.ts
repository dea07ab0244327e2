// Who is editing which allocation right now, from what each person's presence says they have open (a dialog, or a
// bar they are dragging), wherever in the app they are.
import type { Viewer } from './viewers-of';

/** Each allocation someone else is editing, with who (by name). */
export function editorsByAllocation(viewers: Viewer[]): Map<string, Viewer[]> {
  const map = new Map<string, Viewer[]>();
  for (const viewer of viewers) {
    if (!viewer.editing) continue;
    map.set(viewer.editing, [...(map.get(viewer.editing) ?? []), viewer]);
  }
  return map;
}

/** "Alex is editing", "Alex and Bo are editing", "Alex, Bo and Cy are editing". */
export function editingSentence(editors: Pick<Viewer, 'name'>[]): string {
  const names = editors.map((editor) => editor.name.trim() || 'Someone');
  if (names.length === 0) return '';
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `${list} ${names.length === 1 ? 'is' : 'are'} editing`;
}

/** Up to two initials of a name ("Alex Smith" → "AS", "alex" → "A"); "?" without a name. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length === 1 ? [words[0]] : [words[0], words[words.length - 1]];
  return letters.map((word) => [...word][0].toLocaleUpperCase()).join('');
}
