import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MoonIcon, SunIcon } from './icons.tsx';
import classes from './theme-toggle.module.css';
import { useHydrated } from './use-hydrated.ts';

/** Light/dark switch; Mantine keeps the choice in localStorage (STORAGE_KEYS.theme).
 *  A plain button styled like Mantine's round ActionIcon (variants default, subtle, white): ActionIcon would add
 *  ~2.5 KB gzip to the home page, and a native title instead of Tooltip keeps floating-ui (~20 KB) out too.
 *  Both icons are drawn and CSS shows the one for the scheme on <html> (set before the first paint by index.html's
 *  script): a prerendered page, made in light, then shows the right icon at once and hydrates without a mismatch. */
export function ThemeToggle({ variant = 'default' }: { variant?: 'default' | 'subtle' | 'white' }) {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const hydrated = useHydrated();
  const dark = hydrated && scheme === 'dark';
  const label = dark ? t('theme.toLight') : t('theme.toDark');
  return (
    <button
      type="button"
      className={classes.toggle}
      data-variant={variant}
      aria-label={label}
      title={label}
      onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
      // on a prerendered page a click before the app has taken over would do nothing: it waits instead
      disabled={!hydrated}
      data-testid="theme-toggle"
    >
      <SunIcon className={classes.sun} />
      <MoonIcon className={classes.moon} />
    </button>
  );
}
