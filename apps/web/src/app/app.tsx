import { useLayoutEffect } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers.tsx';
import type { AppRouter } from './router.tsx';

/** The browser's app: the same tree as the prerender's (prerender/render-page.tsx), with the browser's router, so
 *  hydration finds the markup (and useId's ids) it expects. */
export function App({ router }: { router: AppRouter }) {
  // a prerendered page that index.html's script hid (made in another language) shows again once the app has drawn its own
  useLayoutEffect(() => document.documentElement.removeAttribute('data-relanguage'), []);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
