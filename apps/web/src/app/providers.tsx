import { MantineProvider } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n.ts';
import { toastDemand } from '../ui/toast/toast-demand.ts';
import { colorSchemeManager } from './color-scheme.ts';
import { cssVariablesResolver, theme } from './theme.ts';

// the public site shows no toast: the renderer loads when a screen that may show one asks for it (toast-demand.ts)
const ToastHost = lazy(() => import('../ui/toast/toast-host.tsx').then((module) => ({ default: module.ToastHost })));

interface AppProvidersProps {
  children: ReactNode;
  /** 'test' turns Mantine's transitions and portals off (component tests) */
  env?: 'default' | 'test';
}

/** What every screen relies on: translations, theme and colour scheme, toasts.
 *  The query cache is provided one level down, by data-layout.tsx, so the public site does not load it. */
export function AppProviders({ children, env = 'default' }: AppProvidersProps) {
  const toastsWanted = useSyncExternalStore(toastDemand.subscribe, toastDemand.wanted, toastDemand.wanted);
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        defaultColorScheme="light"
        colorSchemeManager={colorSchemeManager}
        cssVariablesResolver={cssVariablesResolver}
        env={env}
      >
        {toastsWanted && (
          <Suspense fallback={null}>
            <ToastHost />
          </Suspense>
        )}
        {children}
      </MantineProvider>
    </I18nextProvider>
  );
}
