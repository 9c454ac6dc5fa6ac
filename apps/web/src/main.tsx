import './app/mantine-styles.ts';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createAppRouter, loadMatchedRoutes } from './app/router.tsx';
import { i18n } from './i18n/i18n.ts';

const container = document.getElementById('root') as HTMLElement;
/** The language of the page the server prerendered (the public pages; scripts/prerender.mjs); absent on the app shell. */
const prerendered = document.documentElement.dataset.prerendered;

function start(hydrate: boolean) {
  const app = (
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>
  );
  // as a transition: React renders (and hydrates) in slices of a few milliseconds and lets the browser in between,
  // instead of one long task that holds every click and key until the whole page is done (Lighthouse's TBT)
  startTransition(() => {
    if (hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

if (prerendered) {
  // hydrated when the app draws what the server drew: the same language (the query string changes nothing the prerendered
  // pages draw before hydration: /login's notice for ?next= comes after it); otherwise drawn afresh over it (the page was
  // hidden till then: index.html's first script)
  const hydrate = prerendered === i18n.language;
  void loadMatchedRoutes(window.location.pathname).then(() => start(hydrate));
} else start(false);
