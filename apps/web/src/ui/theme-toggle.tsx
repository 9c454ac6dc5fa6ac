import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MoonIcon, SunIcon } from './icons.tsx';
import classes from './theme-toggle.module.css';

/** Light/dark switch; Mantine keeps the choice in localStorage (STORAGE_KEYS.theme).
 *  A plain button styled like Mantine's round ActionIcon (variants default, subtle, white): ActionIcon would add
 *  ~2.5 KB gzip to the home page, and a native title instead of Tooltip keeps floating-ui (~20 KB) out too. */
export function ThemeToggle({ variant = 'default' }: { variant?: 'default' | 'subtle' | 'white' }) {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const label = scheme === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <button
      type="button"
      className={classes.toggle}
      data-variant={variant}
      aria-label={label}
      title={label}
      onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
      data-testid="theme-toggle"
    >
      {scheme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
