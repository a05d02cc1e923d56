/**
 * The center's look: a warm oak green with honey accents, system fonts only (no web-font download on a
 * phone), rounded friendly shapes.
 *
 * Contrast (WCAG AA, 4.5:1 for text), measured for the shades used as text or behind white text:
 * oak.6 on white 5.3:1 (and white on oak.6); white on oak.8 (dark-theme buttons) 8.0:1;
 * oak.4 links on the dark body 5.9:1. Mantine's default dimmed text (gray.6, 3.3:1) fails, so dimmed is
 * gray.7 (8.2:1) in light and dark.1 (7.8:1 on dark.7) in dark — see STACK.md "UI kit".
 */
import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

const oak: MantineColorsTuple = [
  '#edf7f0',
  '#d7ecdd',
  '#abd8b9',
  '#7cc393',
  '#57b174',
  '#40a561',
  '#2d7a48',
  '#256b3e',
  '#1d5c34',
  '#134a28',
];

/** Warm accent for backgrounds and decoration; never used for body text on white. */
const honey: MantineColorsTuple = [
  '#fff8eb',
  '#fdeccc',
  '#fad79a',
  '#f7c063',
  '#f5ad37',
  '#f3a11b',
  '#d98a0b',
  '#b36f05',
  '#8f5903',
  '#6b4200',
];

/**
 * Mantine's red with darker middle shades: its default red.6 (#fa5252) behind white text or as error text
 * on white is 3.3:1. Here red.6 is 5.5:1 with white (filled buttons, error text, light theme) and red.8,
 * the dark theme's filled shade, 7.7:1. Dark-theme error text uses red.4 (6.7:1), see the resolver.
 *
 * The light variant (allergy badges on a roster, red alerts) is text on a 10% tint of red.6. Mantine writes
 * that text in red.6, which is 4.67:1 on the tint over white but 4.44:1 over a striped table row (gray.0)
 * and 4.22:1 over gray.1: under 4.5:1 (issue 21 item 18). The light theme writes it in red.7 instead: 5.73:1
 * over white, 5.45:1 over gray.0, 5.17:1 over gray.1. Dark keeps Mantine's red.3 on a 15% tint of red.6:
 * 7.68:1 over dark.7 (the page), 6.82:1 over dark.6 (a striped row), 5.78:1 over dark.5.
 */
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#c92a2a',
  '#b02525',
  '#a51d1d',
  '#8c1a1a',
];

const systemSans =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'";
const systemSerif =
  "'Iowan Old Style', 'Palatino Linotype', Palatino, 'Book Antiqua', Georgia, 'Times New Roman', serif";

export const theme = createTheme({
  primaryColor: 'oak',
  primaryShade: { light: 6, dark: 8 },
  colors: { oak, honey, red },
  fontFamily: systemSans,
  headings: { fontFamily: systemSerif, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  // A visitor who asks their device for less motion gets toasts, dialogs and menus without fades or slides
  // (WCAG 2.3.3); browser tests ask for it too, so axe never measures a toast's colour halfway through a fade.
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { radius: 'xl' } },
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // The light variant's red text: see `red` for the measured contrast.
    '--mantine-color-red-light-color': 'var(--mantine-color-red-7)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});

/** The local-storage key that remembers the theme choice (spec §1, §9). Also read by /theme-init.js. */
export const THEME_STORAGE_KEY = 'themeMode';
