import { MantineProvider } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n.ts';
import { colorSchemeManager } from './color-scheme.ts';
import { theme } from './theme.ts';

// toasts are never needed for the first paint: their renderer (with its transitions) loads after it
const ToastHost = lazy(() => import('../ui/toast/toast-host.tsx').then((module) => ({ default: module.ToastHost })));

interface AppProvidersProps {
  children: ReactNode;
  /** 'test' turns Mantine's transitions and portals off (component tests) */
  env?: 'default' | 'test';
}

/** What every screen relies on: translations, theme and colour scheme, toasts.
 *  The query cache is provided one level down, by data-layout.tsx, so the public site does not load it. */
export function AppProviders({ children, env = 'default' }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} defaultColorScheme="light" colorSchemeManager={colorSchemeManager} env={env}>
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
        {children}
      </MantineProvider>
    </I18nextProvider>
  );
}
