import { type CSSVariablesResolver, createTheme, darken, luminance, type MantineColorsTuple, type MantineTheme } from '@mantine/core';

/** Deep sea-blue to teal: the brand colour, used as the primary colour. */
const wind: MantineColorsTuple = [
  '#e4f7fa',
  '#c9ebf1',
  '#97d6e3',
  '#61bfd3',
  '#37abc5',
  '#1d9ebd',
  '#0a8fb2',
  '#007b9b',
  '#006b88',
  '#005a74',
];

/** Night-sky navy for headers and hero surfaces. */
const navy: MantineColorsTuple = [
  '#e9eff7',
  '#cfdbeb',
  '#9db5d6',
  '#688dc0',
  '#3f6cac',
  '#2a5a9f',
  '#1d4d8f',
  '#163f78',
  '#0f2f5c',
  '#0a1f3f',
];

/** Dark scheme surfaces with a blue tint instead of Mantine's neutral grey. */
const dark: MantineColorsTuple = [
  '#d3dce6',
  '#aab8c7',
  '#8497ab',
  '#5e7389',
  '#3c4f63',
  '#2b3b4d',
  '#1e2b3a',
  '#152130',
  '#0f1925',
  '#0a121b',
];

const fontFamily =
  'Inter, "Segoe UI Variable", "Segoe UI", system-ui, -apple-system, BlinkMacSystemFont, Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'wind',
  // shade 7 in both schemes: white text on shades 5-6 falls below 4.5:1 (axe color-contrast)
  primaryShade: { light: 7, dark: 7 },
  colors: { wind, navy, dark },
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  respectReducedMotion: true,
  autoContrast: true,
  other: { brandGradient: 'linear-gradient(135deg, #0a1f3f 0%, #0f2f5c 45%, #007b9b 100%)' },
  components: {
    // a badge (role, status, count) is read whole: a narrow column gives it its text's width instead of cutting it to
    // "SÜ…" (Mantine's badge ellipsizes)
    Badge: { styles: { root: { minWidth: 'max-content' } } },
  },
});

/** Mantine's secondary text colours, made to pass WCAG AA (4.5:1) on every surface the app uses: its defaults
 *  (gray-6 #868e96 in light, 3.3:1 on white; dark-2 in dark, 3.8:1 on dark-5) are too faint. Every `c="dimmed"`,
 *  description, table head and placeholder inherits these. */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    // 6.1:1 on white, 5.1:1 on gray-2
    '--mantine-color-dimmed': '#5c636a',
    // 4.7:1 on white
    '--mantine-color-placeholder': '#6c757d',
    // field errors ("Mevcut şifrenizi girin."): Mantine's red-6 is 3.3:1 on white
    '--mantine-color-error': readableOn(theme.colors.red[6] as string, '#ffffff'),
    ...accessibleLightColors(theme),
  },
  dark: {
    // 6.9:1 on dark-7, 4.9:1 on dark-5
    '--mantine-color-dimmed': '#9aabbd',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
    // field errors: Mantine's red-8 is 3.2-3.6:1 on the dark surfaces; red-4 is 4.9:1 or more on each of them
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    ...readableFilledColors(theme, 'dark'),
  },
});

/** WCAG AA for normal text. */
const AA = 4.5;
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};
/** The colour itself when it already reads on `against`, else the least darkened version of it that does. */
export function readableOn(color: string, against: string): string {
  for (let amount = 0; amount < 1; amount += 0.04) {
    const candidate = amount === 0 ? color : darken(color, amount);
    if (contrast(candidate, against) >= AA + 0.1) return candidate;
  }
  return '#000000';
}

const primaryShadeOf = (theme: MantineTheme, scheme: 'light' | 'dark') =>
  typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade[scheme];
const themeColors = (theme: MantineTheme) => Object.entries(theme.colors).filter(([name]) => name !== 'dark' && name !== 'gray');

/** Filled surfaces that carry white text (autoContrast picks white below the theme's luminance threshold) need white to
 *  read on them: red, orange, teal and others are too light at the primary shade. */
function readableFilledColors(theme: MantineTheme, scheme: 'light' | 'dark'): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, colors] of themeColors(theme)) {
    const base = colors[primaryShadeOf(theme, scheme)] as string;
    // light enough for autoContrast to put black text on it (green, lime, yellow): it reads as it is
    if (luminance(base) > theme.luminanceThreshold) continue;
    const filled = readableOn(base, '#ffffff');
    if (filled === base) continue;
    variables[`--mantine-color-${name}-filled`] = filled;
    variables[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.12);
  }
  return variables;
}

/** Mantine's light-scheme variant colours, made readable for every colour of the theme at once (so each badge, button,
 *  alert and coloured text inherits it): light variants put shade 9 on shade 1 (green 3.9:1, yellow 2.8:1), coloured
 *  text and outlines put the primary shade on white (red 3.8:1). */
function accessibleLightColors(theme: MantineTheme): Record<string, string> {
  const variables: Record<string, string> = readableFilledColors(theme, 'light');
  for (const [name, colors] of themeColors(theme)) {
    const base = colors[primaryShadeOf(theme, 'light')] as string;
    variables[`--mantine-color-${name}-light-color`] = readableOn(colors[9] as string, colors[1] as string);
    variables[`--mantine-color-${name}-text`] = readableOn(base, '#ffffff');
    variables[`--mantine-color-${name}-outline`] = readableOn(base, '#ffffff');
  }
  return variables;
}
