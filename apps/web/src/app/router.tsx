import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { LoadingScreen } from '../ui/loading-screen.tsx';
import { NotFoundPage } from './error-pages.tsx';
import { lazyPage } from './lazy-route.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

/** The management area's module: its screens are imported through it (managementPages). */
const area = () => import('./management-area.tsx');

/** The spec's route table (section 2). Every screen is a lazy chunk; `/` never loads management code. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: LoadingScreen,
    children: [
      {
        // public site: header, footer
        id: 'public',
        lazy: lazyPage(() => import('../features/public/layout/public-layout.tsx'), 'PublicLayout'),
        children: [
          { index: true, lazy: lazyPage(() => import('../features/public/home/home-page.tsx'), 'HomePage') },
          { path: 'about', lazy: lazyPage(() => import('../features/public/about/about-page.tsx'), 'AboutPage') },
          { path: 'contact', lazy: lazyPage(() => import('../features/public/contact/contact-page.tsx'), 'ContactPage') },
          { path: 'support', lazy: lazyPage(() => import('../features/public/support/support-page.tsx'), 'SupportPage') },
          { path: 'faq', lazy: lazyPage(() => import('../features/public/faq/faq-page.tsx'), 'FaqPage') },
          { path: 'privacy', lazy: lazyPage(() => import('../features/public/privacy/privacy-page.tsx'), 'PrivacyPage') },
          { path: '*', Component: NotFoundPage },
        ],
      },
      {
        // everything below talks to the API through React Query (app/data-layout.tsx)
        id: 'data',
        lazy: lazyPage(() => import('./data-layout.tsx'), 'DataLayout'),
        children: [
          // sign-in screens: full-screen, their own layout
          { path: 'login', lazy: lazyPage(() => import('../features/auth/login/login-page.tsx'), 'LoginPage') },
          {
            path: 'password-reset',
            lazy: lazyPage(() => import('../features/auth/password-reset/password-reset-page.tsx'), 'PasswordResetPage'),
          },
          {
            path: 'sign-in-link',
            lazy: lazyPage(() => import('../features/auth/sign-in-link/sign-in-link-page.tsx'), 'SignInLinkPage'),
          },
          {
            path: 'email-change',
            // in the sign-in link page's chunk (a re-export): one lazy chunk less in the entry's preload table (home budget)
            lazy: lazyPage(() => import('../features/auth/sign-in-link/sign-in-link-page.tsx'), 'EmailChangePage'),
          },
          {
            path: 'setup',
            // first-run setup (DECISIONS §15), in the sign-in link page's chunk like the e-mail change page (home budget)
            lazy: lazyPage(() => import('../features/auth/sign-in-link/sign-in-link-page.tsx'), 'SetupPage'),
          },
          {
            // a share link's page (DECISIONS §17): public, no app navigation, on every screen size; its module is listed
            // in the management area's chunk (not the entry's: the home page's budget), whose layout it does not use
            path: 'share/:token',
            lazy: lazyPage(() => area().then((m) => m.managementPages.share()), 'SharedPage'),
          },
          {
            // management area: desktop gate, then the session check (features/auth/protected-route.tsx). Its screens are
            // imported through its module (managementPages): their preload lists live in its chunk, not in the entry's
            // (the home page's budget); a screen's chunk is asked for once the area's has arrived
            id: 'management',
            lazy: lazyPage(area, 'ManagementArea'),
            children: [
              { path: 'dashboard', lazy: lazyPage(() => area().then((m) => m.managementPages.dashboard()), 'DashboardPage') },
              { path: 'dashboard/turbine/:id', lazy: lazyPage(() => area().then((m) => m.managementPages.turbine()), 'TurbinePage') },
              {
                path: 'dashboard/turbine/:id/360-view',
                lazy: lazyPage(() => area().then((m) => m.managementPages.panorama()), 'PanoramaPage'),
              },
              {
                path: 'dashboard/turbine/:id/compare',
                // in the 360° viewer's chunk (a re-export): the two share the engine, and the entry gains no chunk
                lazy: lazyPage(() => area().then((m) => m.managementPages.panorama()), 'ComparePage'),
              },
              {
                path: 'dashboard/turbine/:id/findings-review',
                // in the turbine page's chunk (re-exported there): no chunk and preload list of its own in the entry
                lazy: lazyPage(() => area().then((m) => m.managementPages.turbine()), 'LinkReviewPage'),
              },
              {
                path: 'turbine/:id/operator-photos',
                lazy: lazyPage(() => area().then((m) => m.managementPages.categoryPhotos()), 'OperatorPhotosPage'),
              },
              {
                path: 'turbine/:id/drone-photos',
                lazy: lazyPage(() => area().then((m) => m.managementPages.categoryPhotos()), 'DronePhotosPage'),
              },
              {
                // issue 27 item 3: the fleet findings list the dashboard's charts link to, in a chunk asked for through the
                // dashboard's (like the campaigns): no chunk or preload list of its own in the entry
                path: 'dashboard/findings',
                lazy: lazyPage(
                  () =>
                    area()
                      .then((m) => m.managementPages.dashboard())
                      .then((m) => m.loadFleetFindings()),
                  'FleetFindingsPage',
                ),
              },
              { path: 'dashboard/users', lazy: lazyPage(() => area().then((m) => m.managementPages.users()), 'UsersPage') },
              { path: 'dashboard/account', lazy: lazyPage(() => area().then((m) => m.managementPages.account()), 'AccountPage') },
              {
                path: 'dashboard/mail-outbox',
                lazy: lazyPage(() => area().then((m) => m.managementPages.mailOutbox()), 'MailOutboxPage'),
              },
              { path: 'dashboard/audit', lazy: lazyPage(() => area().then((m) => m.managementPages.audit()), 'AuditPage') },
              { path: 'dashboard/webhooks', lazy: lazyPage(() => area().then((m) => m.managementPages.webhooks()), 'WebhooksPage') },
              {
                path: 'dashboard/share-links',
                lazy: lazyPage(() => area().then((m) => m.managementPages.shareLinks()), 'ShareLinksPage'),
              },
              {
                path: 'dashboard/companies',
                lazy: lazyPage(() => area().then((m) => m.managementPages.companies()), 'CompaniesPage'),
              },
              {
                // issue 17: the campaign list and a campaign's board (:id), one chunk, loaded through the dashboard's chunk:
                // its name and preload list stay out of the entry (the home page's budget)
                path: 'dashboard/campaigns/:id?',
                lazy: lazyPage(
                  () =>
                    area()
                      .then((m) => m.managementPages.dashboard())
                      .then((m) => m.loadCampaigns()),
                  'CampaignsRoute',
                ),
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
export type AppRouter = ReturnType<typeof createAppRouter>;

/** Loads the lazy route modules `pathname` matches before the router is made: the router then draws the page in its
 *  first render, the markup the prerender made (scripts/prerender.mjs), instead of HydrateFallback while it loads them.
 *  A module that fails to load stays lazy: the router tries again and shows its error. */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      try {
        Object.assign(route, await route.lazy(), { lazy: undefined });
      } catch {
        // left to the router
      }
    }),
  );
}
