// The Mantine theme: primary green, secondary blue, neutral slate (grays and the dark scheme's surfaces), light and dark.
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

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

/**
 * Mantine's green with its darker half darker still, so white text on a green button and green text on a light
 * green background read at 4.5:1 or more (WCAG AA); the light half is Mantine's own.
 */
const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#2f9e44',
  '#237032',
  '#1e6b30',
  '#185a28',
];

/** Mantine's blue, one step darker from 6 on, for links at 4.5:1 on white and on the slate page. */
const blue: MantineColorsTuple = [
  '#e7f5ff',
  '#d0ebff',
  '#a5d8ff',
  '#74c0fc',
  '#4dabf7',
  '#339af0',
  '#1c7ed6',
  '#1971c2',
  '#1864ab',
  '#0f4c8a',
];

/** Mantine's yellow with a darker 9, the text of light badges ("On hold"), for 4.5:1 on their pale background. */
const yellow: MantineColorsTuple = [
  '#fff9db',
  '#fff3bf',
  '#ffec99',
  '#ffe066',
  '#ffd43b',
  '#fcc419',
  '#fab005',
  '#f59f00',
  '#f08c00',
  '#8a5300',
];

/** Mantine's red with a darker 7 to 9, for red text (over budget, errors) at 4.5:1 on white and slate. */
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#fa5252',
  '#c92a2a',
  '#b02525',
  '#962020',
];

export const SECONDARY_COLOR = 'blue';
export const NEUTRAL_COLOR = 'slate';

export const theme = createTheme({
  primaryColor: 'green',
  primaryShade: { light: 7, dark: 7 },
  colors: { slate, gray: slate, dark: slateDark, green, blue, yellow, red },
  defaultRadius: 'md',
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  other: { secondaryColor: SECONDARY_COLOR, neutralColor: NEUTRAL_COLOR },
  components: {
    // Underlined: a link inside a sentence must not be told apart by its color alone.
    Anchor: { defaultProps: { c: SECONDARY_COLOR, underline: 'always' } },
    // Every dialog's × button is named for screen readers (Mantine leaves it an unnamed icon).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A select's list of options is built when it opens, not with the page: kept mounted (Mantine's default), every
    // select renders all its options and measures where its closed list would go while the page starts.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

/** Placeholders on the dark scheme's inputs one step lighter than Mantine's, for 4.5:1 on the input. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {},
  dark: { '--mantine-color-placeholder': 'var(--mantine-color-dark-2)' },
});
