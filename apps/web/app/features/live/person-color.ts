// Each person keeps one color wherever others see them (their initials among those here, the outline of what they
// are editing); the text on it is black or white, whichever reads.
import { textColorOn } from '../../lib/colors';

const PALETTE = ['#1971c2', '#2f9e44', '#e8590c', '#9c36b5', '#0c8599', '#e03131', '#f08c00', '#5c7cfa'];

export function personColor(userId: string): { background: string; text: string } {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const background = PALETTE[hash % PALETTE.length];
  return { background, text: textColorOn(background) };
}
