// The <link>s a prerendered page carries in its head (issue 22): the lazy chunks and CSS of its route, which the browser
// would otherwise learn of only after the entry has run (one more round trip on a slow link before the page can be
// hydrated), and the page's largest picture. From the build's manifest (vite-manifest.mjs reads it).
import { manifestClosure } from './vite-manifest.mjs';

const PUBLIC_LAYOUT = 'src/features/public/layout/public-layout.tsx';
const publicPage = (name) => [PUBLIC_LAYOUT, `src/features/public/${name}/${name}-page.tsx`];

/** The lazy modules (Vite manifest keys) of each prerendered page's route (app/router.tsx). */
export const ROUTE_MODULES = {
  '/': [PUBLIC_LAYOUT, 'src/features/public/home/home-page.tsx'],
  '/about': publicPage('about'),
  '/contact': publicPage('contact'),
  '/support': publicPage('support'),
  '/faq': publicPage('faq'),
  '/privacy': publicPage('privacy'),
  '/login': ['src/app/data-layout.tsx', 'src/features/auth/login/login-page.tsx'],
};

/** The picture that is a page's largest paint, fetched with the chunks. */
const ROUTE_LCP_IMAGE = { '/': /^assets\/blade-inspection-still-[\w-]{8}\.svg$/ };

/** The head links of `route`'s page: what the entry (index.html) does not load already. */
export function routePreloadLinks(manifest, route) {
  const modules = ROUTE_MODULES[route];
  if (!modules) throw new Error(`no route modules for ${route} (scripts/route-preloads.mjs)`);
  const entry = manifestClosure(manifest, ['index.html']);
  const { js, css, assets } = manifestClosure(manifest, modules);
  const image = ROUTE_LCP_IMAGE[route];
  const picture = image ? [...assets].find((file) => image.test(file)) : undefined;
  return [
    ...(picture ? [`<link rel="preload" as="image" fetchpriority="high" href="/${picture}">`] : []),
    ...[...css].filter((file) => !entry.css.has(file)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...js].filter((file) => !entry.js.has(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
}
