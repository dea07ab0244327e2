// The Mantine theme: primary green, secondary blue, neutral slate (grays and the dark scheme's surfaces), light and dark.
import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Slate from light (0) to dark (9): borders, muted text and light-scheme surfaces. */
const slate: MantineColorsTuple = [
  '#f8fafc',
  '#f1f5f9',
  '#e2e8f0',
  '#cbd5e1',
  '#94a3b8',
  '#64748b',
  '#475569',
  '#334155',
  '#1e293b',
  '#0f172a',
];

/** Mantine's dark palette runs the other way: 0 is text on dark, 7 the page, 6 and 5 raised surfaces. */
const slateDark: MantineColorsTuple = [
  '#e2e8f0',
  '#cbd5e1',
  '#94a3b8',
  '#64748b',
  '#475569',
  '#334155',
  '#1e293b',
  '#0f172a',
  '#0b1120',
  '#020617',
];

export const SECONDARY_COLOR = 'blue';
export const NEUTRAL_COLOR = 'slate';

export const theme = createTheme({
  primaryColor: 'green',
  primaryShade: { light: 7, dark: 7 },
  colors: { slate, gray: slate, dark: slateDark },
  defaultRadius: 'md',
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  other: { secondaryColor: SECONDARY_COLOR, neutralColor: NEUTRAL_COLOR },
  components: {
    Anchor: { defaultProps: { c: SECONDARY_COLOR } },
  },
});
