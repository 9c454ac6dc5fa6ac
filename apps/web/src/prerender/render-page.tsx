import type { Language } from '@windscope/contract';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { routes } from '../app/router.tsx';
import { i18n } from '../i18n/i18n.ts';
import { prerenderTitle } from '../ui/page-title.ts';

export { PRERENDERED_PATHS } from './prerendered-paths.ts';

export interface RenderedPage {
  /** the markup of #root, which main.tsx hydrates */
  html: string;
  /** the tab title the page sets (usePageTitle) */
  title: string;
  /** the meta description, in the page's language */
  description: string;
}

/** One public page in one language as the browser's first render draws it (light theme, no query string): the entry of
 *  the build's server bundle, run by scripts/prerender.mjs. */
export async function renderPage(pathname: string, language: Language): Promise<RenderedPage> {
  await i18n.changeLanguage(language);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname}: the router answered ${context.status}, not a page`);
  if (context.errors) throw new Error(`${pathname}: ${JSON.stringify(context.errors)}`);
  prerenderTitle.value = undefined;
  const html = renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return { html, title: prerenderTitle.value ?? i18n.t('common.brand'), description: i18n.t('footer.description') };
}
