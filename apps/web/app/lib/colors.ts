// Text that reads on a color the organization chose (a project's color): black or white, whichever contrasts more
// with it by WCAG's relative luminance. With pure black and white one of the two always reaches √21 ≈ 4.58:1, so a
// name on a bar meets WCAG AA's 4.5:1 on any project color a person picks.
const DARK_TEXT = '#000000';
const LIGHT_TEXT = '#ffffff';

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of a #rrggbb color (0 black to 1 white); undefined for anything else. */
export function luminance(hex: string): number | undefined {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return undefined;
  const [r, g, b] = match.slice(1).map((part) => channel(parseInt(part, 16)));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export const contrastRatio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** The text color for `background`; white for a color that cannot be read. */
export function textColorOn(background: string): string {
  const lum = luminance(background);
  if (lum === undefined) return LIGHT_TEXT;
  return contrastRatio(lum, 1) >= contrastRatio(lum, luminance(DARK_TEXT)!) ? LIGHT_TEXT : DARK_TEXT;
}

/** A bar in a project's color with its text readable on it (the text shadow helps white text only). */
export function barColors(background: string): { backgroundColor: string; color: string; textShadow?: string } {
  const color = textColorOn(background);
  return { backgroundColor: background, color, ...(color === DARK_TEXT ? { textShadow: 'none' } : {}) };
}

/** The color of an allocation whose project the viewer cannot see. */
export const NO_PROJECT_COLOR = '#868e96';
