import { DEFAULT_THEME, luminance, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme.ts';

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe('light scheme colours meet WCAG AA for text', () => {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const { light, dark } = cssVariablesResolver(merged);
  const colours = Object.keys(merged.colors).filter((c) => c !== 'dark' && c !== 'gray');

  it.each(colours)('%s: light variant, coloured text and filled surfaces', (name) => {
    const shades = merged.colors[name] as readonly string[];
    const lightColor = light[`--mantine-color-${name}-light-color`] as string;
    // light badges and alerts: their text on their own pale background
    expect(contrast(lightColor, shades[1] as string)).toBeGreaterThanOrEqual(4.5);
    // c="red" text and outline buttons on white
    expect(contrast(light[`--mantine-color-${name}-text`] as string, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(light[`--mantine-color-${name}-outline`] as string, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // a filled surface carries black text when autoContrast finds its shade light, else white: either reads, both schemes
    const text = luminance(shades[7] as string) > merged.luminanceThreshold ? '#000000' : '#ffffff';
    for (const scheme of [light, dark]) {
      const filled = (scheme[`--mantine-color-${name}-filled`] ?? shades[7]) as string;
      expect(contrast(filled, text)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('field error text meets WCAG AA', () => {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const { light, dark } = cssVariablesResolver(merged);
  it('reads on white in light and on every dark surface (dark-5 to dark-7) in dark', () => {
    expect(contrast(light['--mantine-color-error'] as string, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    const darkError = (dark['--mantine-color-error'] as string).replace(
      /var\(--mantine-color-red-(\d)\)/,
      (_, i: string) => merged.colors.red[Number(i)] as string,
    );
    for (const surface of [5, 6, 7]) expect(contrast(darkError, merged.colors.dark[surface] as string)).toBeGreaterThanOrEqual(4.5);
  });
});
